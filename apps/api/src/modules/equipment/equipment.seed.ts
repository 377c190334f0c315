import { inArray } from 'drizzle-orm';
import { equipmentInputSchema } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { SEED_AUTHOR } from '../../core/tenancy/actor.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { productTypes, techniques } from '../master-data/master-data.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { createEquipment, setManualStatus } from './equipment.command.ts';
import { DEMO_MACHINES, type DemoMachine } from './equipment.demo.ts';
import { equipment } from './equipment.table.ts';

const codesOf = (pick: (machine: DemoMachine) => string | readonly string[] | null) => [
  ...new Set(DEMO_MACHINES.flatMap((machine) => pick(machine) ?? [])),
];

/** Ids by code of the demo master data the machines refer to (what users deleted is simply absent). */
async function referencedIds(tx: Tx) {
  const byCode = (rows: { id: string; code: string }[]) => new Map(rows.map((row) => [row.code, row.id]));
  const clientIds = byCode(
    await tx
      .select({ id: clients.id, code: clients.code })
      .from(clients)
      .where(
        inArray(
          clients.code,
          codesOf((m) => m.clientCode),
        ),
      ),
  );
  const lines = await tx
    .select({ id: products.id, code: products.code, clientId: products.clientId })
    .from(products)
    .where(
      inArray(
        products.code,
        codesOf((m) => m.productCode),
      ),
    );
  const typeIds = byCode(
    await tx
      .select({ id: productTypes.id, code: productTypes.code })
      .from(productTypes)
      .where(
        inArray(
          productTypes.code,
          codesOf((m) => m.productType),
        ),
      ),
  );
  const techniqueIds = byCode(
    await tx
      .select({ id: techniques.id, code: techniques.code })
      .from(techniques)
      .where(
        inArray(
          techniques.code,
          codesOf((m) => m.techniques),
        ),
      ),
  );
  return { clientIds, lines, typeIds, techniqueIds };
}

/**
 * The demo machines, into an empty equipment table only (what users deleted or changed stays so),
 * through the same commands as the API. A machine whose client or line is gone is left out. Installed
 * machines without telemetry are set `idle` by hand at `time`; the others stay `offline` until their
 * telemetry (or someone) says otherwise.
 */
export async function seedEquipment(tx: Tx, time = isoNow()): Promise<void> {
  if (await tx.$count(equipment)) return;
  const { clientIds, lines, typeIds, techniqueIds } = await referencedIds(tx);
  for (const machine of DEMO_MACHINES) {
    const clientId = machine.clientCode ? clientIds.get(machine.clientCode) : null;
    const line = lines.find((each) => each.code === machine.productCode && each.clientId === clientId);
    if (clientId === undefined || (machine.productCode && !line)) continue;
    const body = equipmentInputSchema.parse({
      ...machine,
      clientId,
      productId: line?.id ?? null,
      productTypeId: typeIds.get(machine.productType) ?? null,
      techniqueIds: machine.techniques.flatMap((code) => techniqueIds.get(code) ?? []),
    });
    const id = await createEquipment(tx, SEED_AUTHOR, body);
    if (line && !machine.telemetry)
      await setManualStatus(tx, SEED_AUTHOR, id, { operationStatus: 'idle', remark: null }, {}, time);
  }
}
