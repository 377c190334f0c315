import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Localized,
  equipmentInputSchema,
  equipmentPlantInputSchema,
  equipmentStatusInputSchema,
} from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import type { Author } from '../../core/tenancy/actor.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { productTypes, techniques } from '../master-data/master-data.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { duplicateError, onUniqueViolation, stillReferenced } from '../../core/db/db-errors.ts';
import { isoNow, sameInstant } from '../../core/db/time.ts';
import { inUse, type Referrers } from '../../core/crud/in-use.ts';
import type { UsageCheck } from '../../core/crud/resource-rules.ts';
import { equipment, equipmentCredentials, equipmentLive, equipmentStateIntervals } from './equipment.table.ts';
import { announceLiveChange } from './equipment-live.events.ts';
import { tellMachineFaults } from './machine-fault.notice.ts';

export type EquipmentBody = z.output<typeof equipmentInputSchema>;
export type PlantBody = z.output<typeof equipmentPlantInputSchema>;
export type StatusBody = z.output<typeof equipmentStatusInputSchema>;

/** Which machines a write may touch: every one (the maker), or those of one client (a plant). */
export type Reach = { clientId?: string };

type LockedEquipment = typeof equipment.$inferSelect;

const SERIAL_NUMBER_LABEL: Localized = { 'zh-CN': '序列号', 'en-US': 'Serial number', 'fr-FR': 'Numéro de série' };

const duplicateSerial = (serialNumber: string) =>
  onUniqueViolation(() => duplicateError([{ name: 'serialNumber', label: SERIAL_NUMBER_LABEL, value: serialNumber }]));

/**
 * The records a machine refers to must exist, and its line must be one of its client's: 400 naming
 * every field at fault (`equipment_product_of_other_client` when the line belongs to another client).
 * The rows found stay share-locked until the write commits, so a concurrent delete of one of them
 * waits and then finds it in use.
 */
async function checkReferences(
  tx: Tx,
  refs: { clientId: string | null; productId: string | null; productTypeId?: string | null; techniqueIds: string[] },
): Promise<void> {
  const details: Record<string, string[]> = {};
  let otherClientsLine = false;
  if (refs.clientId) {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, refs.clientId))
      .for('key share');
    if (!client) details.clientId = ['invalid'];
  }
  if (refs.productId) {
    const [product] = await tx
      .select({ clientId: products.clientId })
      .from(products)
      .where(eq(products.id, refs.productId))
      .for('key share');
    if (!product) details.productId = ['invalid'];
    else if (product.clientId !== refs.clientId) {
      details.productId = ['invalid'];
      otherClientsLine = true;
    }
  }
  if (refs.productTypeId) {
    const [type] = await tx
      .select({ id: productTypes.id })
      .from(productTypes)
      .where(eq(productTypes.id, refs.productTypeId))
      .for('key share');
    if (!type) details.productTypeId = ['invalid'];
  }
  if (refs.techniqueIds.length) {
    const found = await tx
      .select({ id: techniques.id })
      .from(techniques)
      .where(inArray(techniques.id, refs.techniqueIds))
      .for('key share');
    if (found.length !== refs.techniqueIds.length) details.techniqueIds = ['invalid'];
  }
  if (otherClientsLine) throw new AppError('equipment_product_of_other_client', {}, details);
  if (Object.keys(details).length) throw invalidFields(details);
}

/** What a plant keeps up, as stored (each technique once). */
const plantValues = (body: PlantBody) => ({
  productId: body.productId,
  techniqueIds: [...new Set(body.techniqueIds)],
  diameterMin: body.diameterMin,
  diameterMax: body.diameterMax,
  idealRate: body.idealRate,
  throughput: body.throughput,
  concurrentTasks: body.concurrentTasks,
  shiftCalendar: body.shiftCalendar,
  changeover: body.changeover,
  remark: body.remark,
});

const makerValues = (body: EquipmentBody) => ({
  ...plantValues(body),
  serialNumber: body.serialNumber,
  name: body.name,
  spec: body.spec,
  figureNo: body.figureNo,
  productTypeId: body.productTypeId,
  clientId: body.clientId,
  creatorName: body.creatorName,
  productionDate: body.productionDate,
  saleStatus: body.saleStatus,
});

/** A new machine with its live row (`offline`, never seen), in the caller's transaction. */
export async function createEquipment(tx: Tx, writer: Author, body: EquipmentBody): Promise<string> {
  const values = makerValues(body);
  await checkReferences(tx, values);
  const [row] = await tx
    .insert(equipment)
    .values({ ...values, creatorId: writer.id, creationTime: isoNow() })
    .returning({ id: equipment.id })
    .catch(duplicateSerial(body.serialNumber));
  if (!row) throw new Error('equipment insert returned no row');
  await tx.insert(equipmentLive).values({ equipmentId: row.id, state: 'offline' });
  return row.id;
}

/** The machine, locked for this transaction (concurrent writes to one machine take turns); 404 out of reach. */
async function lockEquipment(tx: Tx, id: string, reach: Reach): Promise<LockedEquipment> {
  const [row] = await tx
    .select()
    .from(equipment)
    .where(and(eq(equipment.id, id), reach.clientId ? eq(equipment.clientId, reach.clientId) : undefined))
    .for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/** Optimistic concurrency: a body carrying the version it was edited from must still be current. */
function requireCurrent(locked: LockedEquipment, stamp: string | null | undefined) {
  if (stamp !== undefined && !sameInstant(stamp, locked.lastModificationTime)) throw new AppError('stale_update');
}

/** The boards of the lines a machine leaves and joins redraw it. */
async function announceMove(tx: Tx, id: string, before: string | null, after: string | null) {
  await announceLiveChange(tx, before, [id]);
  if (after !== before) await announceLiveChange(tx, after, [id]);
}

/**
 * The maker rewrites every field. 409 `stale_update` when the machine changed since `concurrencyStamp`.
 * A machine's MQTT user name is its serial number: a new serial number ends its credentials (they can
 * no longer sign in), and new ones are issued for it.
 */
export async function updateEquipment(tx: Tx, writer: Author, id: string, body: EquipmentBody): Promise<void> {
  const locked = await lockEquipment(tx, id, {});
  requireCurrent(locked, body.concurrencyStamp);
  const values = makerValues(body);
  await checkReferences(tx, values);
  await tx
    .update(equipment)
    .set({ ...values, lastModifierId: writer.id, lastModificationTime: isoNow() })
    .where(eq(equipment.id, id))
    .catch(duplicateSerial(body.serialNumber));
  if (values.serialNumber !== locked.serialNumber)
    await tx.delete(equipmentCredentials).where(eq(equipmentCredentials.equipmentId, id));
  await announceMove(tx, id, locked.productId, values.productId);
}

/**
 * A plant rewrites its own fields of one of its client's machines (the line among its client's, what
 * it can do and when it works); the maker's fields are not part of the body and stay as they are.
 */
export async function updatePlantFields(
  tx: Tx,
  writer: Author,
  id: string,
  body: PlantBody,
  reach: Required<Reach>,
): Promise<void> {
  const locked = await lockEquipment(tx, id, reach);
  requireCurrent(locked, body.concurrencyStamp);
  const values = plantValues(body);
  await checkReferences(tx, { ...values, clientId: locked.clientId });
  await tx
    .update(equipment)
    .set({ ...values, lastModifierId: writer.id, lastModificationTime: isoNow() })
    .where(eq(equipment.id, id));
  await announceMove(tx, id, locked.productId, values.productId);
}

/**
 * Deletes a machine with its live state, credentials and history — unless records of other areas refer
 * to it (`usage`: the checks they registered under `EQUIPMENT_USAGE`), then 409 `in_use` naming them.
 */
export async function deleteEquipment(tx: Tx, id: string, usage: readonly UsageCheck[]): Promise<void> {
  const locked = await lockEquipment(tx, id, {});
  const referring: Referrers[] = [];
  // One after another: a transaction's queries share one connection.
  for (const check of usage) referring.push(...(await check(tx, id)));
  if (referring.length) throw inUse(referring);
  await tx.delete(equipment).where(eq(equipment.id, id)).catch(stillReferenced);
  await announceLiveChange(tx, locked.productId, [id]);
}

/**
 * The status of a machine that sends no telemetry, set by hand: the open interval of its history
 * ends now and a `manual` one begins, its live state follows, and its line's board is told. A machine
 * with MQTT credentials reports its own status (409 `equipment_status_by_telemetry`); setting the
 * status it already has changes nothing.
 */
export async function setManualStatus(
  tx: Tx,
  writer: Author,
  id: string,
  body: StatusBody,
  reach: Reach,
  time = isoNow(),
): Promise<void> {
  const locked = await lockEquipment(tx, id, reach);
  const [credentials] = await tx
    .select({ username: equipmentCredentials.username })
    .from(equipmentCredentials)
    .where(eq(equipmentCredentials.equipmentId, id));
  if (credentials) throw new AppError('equipment_status_by_telemetry', { serialNumber: locked.serialNumber });
  const [live] = await tx
    .select({ state: equipmentLive.state })
    .from(equipmentLive)
    .where(eq(equipmentLive.equipmentId, id));
  if (live?.state === body.operationStatus) return;
  await tx
    .update(equipmentStateIntervals)
    .set({ endedAt: time })
    .where(and(eq(equipmentStateIntervals.equipmentId, id), isNull(equipmentStateIntervals.endedAt)));
  await tx.insert(equipmentStateIntervals).values({
    equipmentId: id,
    state: body.operationStatus,
    startedAt: time,
    source: 'manual',
    userId: writer.id,
    remark: body.remark,
  });
  const state = { state: body.operationStatus, mode: null, since: time };
  await tx
    .insert(equipmentLive)
    .values({ equipmentId: id, ...state })
    .onConflictDoUpdate({ target: equipmentLive.equipmentId, set: state });
  await announceLiveChange(tx, locked.productId, [id]);
  // Only a change INTO fault tells (setting the status it has returned above).
  if (body.operationStatus === 'fault') await tellMachineFaults(tx, [id], writer.id);
}
