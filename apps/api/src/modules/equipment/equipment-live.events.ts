import type { Db, Tx } from '../../core/db/client.ts';
import type { SQL } from 'drizzle-orm';
import { eventNotice, publishEvent } from '../../core/events/event-bus.ts';

/**
 * The board of a product line follows one live channel: whoever changes a machine's live state (the
 * telemetry ingest, a status set by hand) announces which machines changed, inside its transaction, and
 * the board's stream reads their cards afresh. A machine on no line is on no board and announces nothing.
 */
export function twinChannel(productId: string): string {
  return `twin:${productId}`;
}

export const TWIN_CHANGED_EVENT = 'changed';

export type TwinChange = { equipmentIds: string[] };

/** Ids per event: a NOTIFY payload holds under 8000 bytes, an id with its quotes 39. */
const IDS_PER_EVENT = 150;

export async function announceLiveChange(db: Db | Tx, productId: string | null, equipmentIds: string[]): Promise<void> {
  if (!productId) return;
  for (let start = 0; start < equipmentIds.length; start += IDS_PER_EVENT) {
    const change: TwinChange = { equipmentIds: equipmentIds.slice(start, start + IDS_PER_EVENT) };
    await publishEvent(db, twinChannel(productId), TWIN_CHANGED_EVENT, change);
  }
}

/** `announceLiveChange` of one machine of a line, as the `pg_notify` call a writer sends in its own statement. */
export function liveChangeNotice(productId: string, equipmentId: string): SQL {
  const change: TwinChange = { equipmentIds: [equipmentId] };
  return eventNotice(twinChannel(productId), TWIN_CHANGED_EVENT, change).notify;
}
