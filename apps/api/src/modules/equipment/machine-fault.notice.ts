import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { DIGITAL_TWIN_PERMISSIONS } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { notify } from '../inbox/index.ts';
import { equipment, equipmentLive } from './equipment.table.ts';

/**
 * `machineFault` for machines that just went INTO fault (by telemetry or by hand; the caller knows the
 * state before), to the digital-twin readers of the line each is installed on, and to the user who set
 * it by hand. A machine on no line tells nobody (it belongs to no plant yet). The machine's active
 * alarm, when it has one, is named.
 */
export async function tellMachineFaults(tx: Tx, equipmentIds: readonly string[], actorId: string | null = null) {
  if (!equipmentIds.length) return;
  const machines = await tx
    .select({
      id: equipment.id,
      name: equipment.name,
      serialNumber: equipment.serialNumber,
      clientId: equipment.clientId,
      productId: equipment.productId,
      alarm: equipmentLive.alarmText,
    })
    .from(equipment)
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .where(and(inArray(equipment.id, [...equipmentIds]), isNotNull(equipment.productId)));
  for (const machine of machines)
    await notify(tx, {
      kind: 'machineFault',
      clientId: machine.clientId,
      productId: machine.productId!,
      subject: { page: DIGITAL_TWIN_PERMISSIONS.read, id: machine.id },
      params: {
        machine: machine.name,
        serialNumber: machine.serialNumber,
        ...(machine.alarm ? { alarm: machine.alarm } : {}),
      },
      actorId,
    });
}
