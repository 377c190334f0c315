import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { machineTopicPrefix } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { equipment, equipmentCredentials } from '../equipment/index.ts';

/** What the broker and the ingest need to know of a machine, by its serial number (its MQTT user name). */
export type MachineEntry = {
  equipmentId: string;
  serialNumber: string;
  clientCode: string | null;
  productCode: string | null;
  productId: string | null;
  /** The scrypt hash of its MQTT password; null when it has no credentials (it sends no telemetry). */
  passwordHash: string | null;
};

/** Where a machine may publish: below `armature/v1/{client}/{product}/{serial}`; null while it is on no line. */
export function topicPrefixOf(machine: MachineEntry): string | null {
  if (!machine.clientCode || !machine.productCode) return null;
  return machineTopicPrefix({
    clientCode: machine.clientCode,
    productCode: machine.productCode,
    serialNumber: machine.serialNumber,
  });
}

/**
 * How long a looked-up machine (or the absence of one) is believed. Messages arrive many times a second
 * per machine, so the ingest must not ask the database each time; a machine moved to another line, or
 * credentials issued by another process, are seen within this time (the issuing process at once).
 */
export const DIRECTORY_TTL_MS = 30_000;
/** Garbage serial numbers must not grow the cache without bound. */
const MAX_ENTRIES = 20_000;

const lineClients = alias(clients, 'line_client');

/** A machine's entry, read in the caller's transaction when it has one. */
export async function readMachineEntry(
  db: Db | Tx,
  by: { serialNumber: string } | { equipmentId: string },
): Promise<MachineEntry | null> {
  const [row] = await db
    .select({
      equipmentId: equipment.id,
      serialNumber: equipment.serialNumber,
      clientCode: lineClients.code,
      productCode: products.code,
      productId: equipment.productId,
      passwordHash: equipmentCredentials.passwordHash,
    })
    .from(equipment)
    .leftJoin(products, eq(products.id, equipment.productId))
    // The line's client: a machine publishes under the line it is installed on.
    .leftJoin(lineClients, eq(lineClients.id, products.clientId))
    .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where('serialNumber' in by ? eq(equipment.serialNumber, by.serialNumber) : eq(equipment.id, by.equipmentId));
  return row ?? null;
}

/** Machines by serial number, cached briefly (see `DIRECTORY_TTL_MS`). */
export class MachineDirectory {
  readonly #db: Db;
  readonly #entries = new Map<string, { entry: MachineEntry | null; until: number }>();

  constructor(db: Db) {
    this.#db = db;
  }

  async bySerial(serialNumber: string): Promise<MachineEntry | null> {
    const cached = this.#entries.get(serialNumber);
    if (cached && cached.until > Date.now()) return cached.entry;
    const entry = await readMachineEntry(this.#db, { serialNumber });
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(serialNumber, { entry, until: Date.now() + DIRECTORY_TTL_MS });
    return entry;
  }

  /** Forgets a machine (its credentials or line changed in this process). */
  forget(serialNumber: string): void {
    this.#entries.delete(serialNumber);
  }
}
