import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { equipment } from '../equipment/index.ts';
import { operatorMachines } from './operator-machine.table.ts';
import { machineOfLine } from './machine-of-line.ts';

/** The machine the user works in their current product, while it is still one of the line's; else null. */
export async function operatorMachineOf(db: Db | Tx, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ equipmentId: operatorMachines.equipmentId })
    .from(operatorMachines)
    .innerJoin(equipment, eq(equipment.id, operatorMachines.equipmentId))
    .where(
      and(
        eq(operatorMachines.userId, scope.userId),
        eq(operatorMachines.productId, scope.productId),
        eq(equipment.productId, scope.productId),
      ),
    );
  return row?.equipmentId ?? null;
}

/** Keeps the user's machine in their current product (400 unless it is a machine of the line). */
export async function chooseOperatorMachine(tx: Tx, scope: Scope, equipmentId: string): Promise<string> {
  await machineOfLine(tx, scope.productId, equipmentId);
  const at = isoNow();
  await tx
    .insert(operatorMachines)
    .values({
      clientId: scope.clientId,
      productId: scope.productId,
      userId: scope.userId,
      equipmentId,
      creatorId: scope.userId,
      creationTime: at,
    })
    .onConflictDoUpdate({
      target: [operatorMachines.userId, operatorMachines.productId],
      set: { equipmentId, lastModifierId: scope.userId, lastModificationTime: at },
    });
  return equipmentId;
}
