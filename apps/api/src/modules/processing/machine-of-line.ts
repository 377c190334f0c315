import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { invalidFields } from '../../core/http/app-error.ts';
import { equipment } from '../equipment/index.ts';

type Machine = {
  id: string;
  name: string;
  serialNumber: string;
  techniqueIds: string[];
  diameterMin: number | null;
  diameterMax: number | null;
};

/** A machine of the caller's line, else 400 naming the field (the whole request is refused). */
export async function machineOfLine(tx: Tx, productId: string, id: string): Promise<Machine> {
  const [machine] = await tx
    .select({
      id: equipment.id,
      name: equipment.name,
      serialNumber: equipment.serialNumber,
      techniqueIds: equipment.techniqueIds,
      diameterMin: equipment.diameterMin,
      diameterMax: equipment.diameterMax,
    })
    .from(equipment)
    .where(and(eq(equipment.id, id), eq(equipment.productId, productId)));
  if (!machine) throw invalidFields({ equipmentId: ['invalid'] });
  return machine;
}
