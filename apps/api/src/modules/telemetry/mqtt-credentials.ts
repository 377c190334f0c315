import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MqttCredentials } from '@armature/domain';
import { hashPassword } from '../../core/auth/password.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { equipment, equipmentCredentials } from '../equipment/index.ts';
import { readMachineEntry, topicPrefixOf } from './machine-directory.ts';
import type { Author } from '../../core/tenancy/actor.ts';

/** `mqtt://user:secret@host:1883/` → `mqtt://host:1883`: what a machine is told, without Armature's login. */
export function withoutLogin(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/** 24 random bytes: 192 bits, 32 base64url characters. */
const PASSWORD_BYTES = 24;

export function newMachinePassword(): string {
  return randomBytes(PASSWORD_BYTES).toString('base64url');
}

/**
 * The demo machines' MQTT password, like the demo users' documented passwords: the simulator
 * (`npm run simulate:machines`) publishes with it. Demo data only; a real machine gets a random one.
 */
export function demoMachinePassword(serialNumber: string): string {
  return `demo-${serialNumber}`;
}

/**
 * Stores a machine's credentials — user name = its serial number, only a scrypt hash of the password —
 * replacing any earlier ones (the old password stops working), and answers them with the topic prefix
 * it may publish under. 404 for an unknown machine; a machine on no line has no topic yet (400 on
 * `productId`).
 */
export async function storeCredentials(
  tx: Tx | Db,
  equipmentId: string,
  password: string,
  issuer: Author,
  brokerUrl: string,
  time = isoNow(),
): Promise<MqttCredentials> {
  // Locked, so two issues for one machine queue and the last one's password is the one kept.
  const [locked] = await tx
    .select({ id: equipment.id })
    .from(equipment)
    .where(eq(equipment.id, equipmentId))
    .for('update');
  const machine = locked ? await readMachineEntry(tx, { equipmentId }) : null;
  if (!machine) throw new AppError('not_found');
  const topicPrefix = topicPrefixOf(machine);
  if (!topicPrefix) throw invalidFields({ productId: ['required'] });
  const values = {
    equipmentId,
    username: machine.serialNumber,
    passwordHash: await hashPassword(password),
    issuedAt: time,
    issuerId: issuer.id,
  };
  await tx
    .insert(equipmentCredentials)
    .values(values)
    .onConflictDoUpdate({ target: equipmentCredentials.equipmentId, set: values });
  return { username: machine.serialNumber, password, topicPrefix, brokerUrl, issuedAt: toIso(time) };
}
