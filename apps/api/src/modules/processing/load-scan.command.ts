import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { LOAD_SCAN_REASON_LABELS, type Localized, type LoadScanReason } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { recordDelivery } from './delivery.command.ts';
import { loadPlanRow, planBundles } from './load-plan-store.query.ts';
import { loadPlanBundles, loadPlanTrucks } from './load-plan.table.ts';
import { bundles, deliveryNotes } from './processing.table.ts';
import { vehicles } from './vehicle.table.ts';

/** The truck of the plan, locked; 404 when the plan has no such truck, 409 once it has left. */
async function openTruck(tx: Tx, planId: string, truck: number) {
  const [row] = await tx
    .select({ deliveryNoteId: loadPlanTrucks.deliveryNoteId })
    .from(loadPlanTrucks)
    .where(and(eq(loadPlanTrucks.planId, planId), eq(loadPlanTrucks.truck, truck)))
    .for('update');
  if (!row) throw new AppError('not_found');
  if (row.deliveryNoteId) {
    const [note] = await tx
      .select({ code: deliveryNotes.code })
      .from(deliveryNotes)
      .where(eq(deliveryNotes.id, row.deliveryNoteId));
    throw new AppError('load_truck_shipped', { truck, note: note?.code ?? '' });
  }
}

function refusal(truck: number, reason: LoadScanReason, other = 0): AppError {
  const label = LOAD_SCAN_REASON_LABELS[reason];
  const text = Object.fromEntries(
    Object.entries(label).map(([locale, value]) => [locale, value.replace('{other}', String(other))]),
  ) as Localized;
  return new AppError('load_scan_refused', { truck, reason: text });
}

/**
 * A bundle scanned (or its code typed) at truck `truck`: it goes on when it is planned on that truck and
 * still deliverable; otherwise refused (409) with the reason — not of this line, superseded by a revised
 * bar list, already delivered, not in the plan, planned on another truck, or already scanned on.
 */
export async function scanOntoTruck(tx: Tx, writer: Actor, planId: string, truck: number, key: string): Promise<void> {
  const { productId } = writer.scope;
  await loadPlanRow(tx, productId, planId, true);
  await openTruck(tx, planId, truck);
  const [bundle] = await tx
    .select({ id: bundles.id, status: bundles.status, supersededAt: bundles.supersededAt })
    .from(bundles)
    .where(and(eq(bundles.productId, productId), or(eq(bundles.scanId, key), eq(bundles.code, key))));
  if (!bundle) throw refusal(truck, 'unknown');
  if (bundle.supersededAt) throw refusal(truck, 'superseded');
  if (bundle.status !== 'produced') throw refusal(truck, 'delivered');
  const [placed] = await tx
    .select({ truck: loadPlanBundles.truck, loadedAt: loadPlanBundles.loadedAt })
    .from(loadPlanBundles)
    .where(and(eq(loadPlanBundles.planId, planId), eq(loadPlanBundles.bundleId, bundle.id)));
  if (!placed) throw refusal(truck, 'notPlanned');
  if (placed.truck !== truck) throw refusal(truck, 'otherTruck', placed.truck);
  if (placed.loadedAt) throw refusal(truck, 'loaded');
  await tx
    .update(loadPlanBundles)
    .set({ loadedAt: isoNow(), loaderId: writer.user.id })
    .where(and(eq(loadPlanBundles.planId, planId), eq(loadPlanBundles.bundleId, bundle.id)));
}

/**
 * A fully loaded truck leaves: 409 `load_incomplete` while a planned bundle is not scanned on (one the
 * schedule was to produce must exist and be scanned like any other, unless its task can no longer make it:
 * `willNotBeMade`, left behind and taken off the plan); then its
 * delivery note is recorded as a picked one is (finished stock moves out, the bundles become delivered),
 * to the truck's drops' sites unless one is given, with the vehicle's name and plate. Answers the note's id.
 */
export async function completeTruck(
  tx: Tx,
  writer: Actor,
  planId: string,
  truck: number,
  input: { site?: string | undefined },
): Promise<string> {
  const plan = await loadPlanRow(tx, writer.scope.productId, planId, true);
  await openTruck(tx, planId, truck);
  const rows = (await planBundles(tx, planId)).filter((row) => row.truck === truck);
  const on = rows.filter((row) => row.willNotBeMade === null);
  const missing = on.filter((row) => row.loadedAt === null || row.scanId === null).length;
  if (on.length === 0 || missing > 0) throw new AppError('load_incomplete', { truck, missing });
  // The rows of bundles that will never be made leave the plan as the truck leaves without them, so a
  // shipped truck lists what it carried.
  const ghosts = rows.filter((row) => row.willNotBeMade !== null).map((row) => row.id);
  if (ghosts.length > 0)
    await tx
      .delete(loadPlanBundles)
      .where(
        and(eq(loadPlanBundles.planId, planId), isNull(loadPlanBundles.bundleId), inArray(loadPlanBundles.id, ghosts)),
      );
  const [vehicle] = await tx
    .select({ name: vehicles.name, plate: vehicles.plate })
    .from(vehicles)
    .where(eq(vehicles.id, plan.vehicleId));
  const sites = [...new Set(on.map((row) => row.site ?? row.project))].join('; ');
  const noteId = await recordDelivery(tx, writer, {
    site: (input.site ?? sites).slice(0, 200),
    vehicle: vehicle ? `${vehicle.name} ${vehicle.plate}`.slice(0, 50) : null,
    receiver: null,
    remark: `${plan.code} #${truck}`,
    bundleScanIds: on.flatMap((row) => (row.scanId ? [row.scanId] : [])),
  });
  await tx
    .update(loadPlanTrucks)
    .set({ deliveryNoteId: noteId })
    .where(and(eq(loadPlanTrucks.planId, planId), eq(loadPlanTrucks.truck, truck)));
  return noteId;
}
