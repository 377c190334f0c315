import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../core/db/client.ts';
import { DEMO_EQUIPMENT, equipment, equipmentCredentials } from '../equipment/index.ts';
import { demoMachinePassword, storeCredentials } from './mqtt-credentials.ts';
import { SEED_AUTHOR } from '../../core/tenancy/actor.ts';

/**
 * MQTT credentials for the demo machines that report by telemetry, with the documented demo password
 * (`demoMachinePassword`), so the simulator can publish for them. Only missing ones: credentials issued
 * since (a real password) are kept. Runs after the equipment seed.
 */
export async function seedMachineCredentials(tx: Tx): Promise<void> {
  const serials = DEMO_EQUIPMENT.filter((machine) => machine.telemetry).map((machine) => machine.serialNumber);
  if (!serials.length) return;
  const missing = await tx
    .select({ id: equipment.id, serialNumber: equipment.serialNumber })
    .from(equipment)
    .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where(and(inArray(equipment.serialNumber, serials), isNull(equipmentCredentials.equipmentId)));
  for (const machine of missing)
    await storeCredentials(tx, machine.id, demoMachinePassword(machine.serialNumber), SEED_AUTHOR, '');
}
