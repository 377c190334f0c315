import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { TOPIC_ROOT, TELEMETRY_CHANNELS, type MqttCredentials } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { equipment, equipmentCredentials } from '../equipment/index.ts';
import { newMachinePassword, storeCredentials } from './mqtt-credentials.ts';
import { readMachineEntry, topicPrefixOf } from './machine-directory.ts';
import { SEED_AUTHOR } from '../../core/tenancy/actor.ts';

/** mosquitto_passwd's defaults (Mosquitto 2): PBKDF2-SHA512, 101 iterations, 12-byte salt, 64-byte key. */
const ITERATIONS = 101;

/** A `password_file` line in Mosquitto's `$7$` format, as `mosquitto_passwd` writes it. */
export function mosquittoPasswordLine(username: string, password: string, salt = randomBytes(12)): string {
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512');
  return `${username}:$7$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The lines of an existing password file, by user name. */
function readPasswordFile(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes(':') && !line.startsWith('#'));
  return new Map(lines.map((line) => [line.slice(0, line.indexOf(':')), line]));
}

/**
 * The `acl_file`: the ingest reads every machine's topics and writes their jobs; each machine writes its
 * own three channels and its job-status, and reads its own jobs.
 */
export function mosquittoAcl(ingestUser: string, machines: { serialNumber: string; topicPrefix: string }[]): string {
  const blocks = [
    `# Armature's ingest (MQTT_USERNAME)\nuser ${ingestUser}\ntopic read ${TOPIC_ROOT}/#\ntopic write ${TOPIC_ROOT}/+/+/+/job`,
  ];
  for (const machine of machines)
    blocks.push(
      [
        `user ${machine.serialNumber}`,
        ...TELEMETRY_CHANNELS.map((c) => `topic write ${machine.topicPrefix}/${c}`),
        `topic write ${machine.topicPrefix}/job-status`,
        `topic read ${machine.topicPrefix}/job`,
      ].join('\n'),
    );
  return `# Written by npm run mqtt:mosquitto-acl (docs/telemetry.md); regenerated, not edited.\n\n${blocks.join('\n\n')}\n`;
}

/** Where Mosquitto listens: machines on one port, Armature's ingest on another, private one. */
export type MosquittoListeners = { machinePort: number; ingest: { host: string; port: number } };

/**
 * A `mosquitto.conf` for these files. On the machines' listener Mosquitto replaces each connection's
 * client id by its user name (`use_username_as_clientid`): a broker ends the older connection of a client
 * id that connects again, so a machine choosing another's client id would throw it off. Armature's API
 * processes all log in as the one ingest user and need client ids of their own (on that listener they
 * would throw each other off), hence their own listener, which machines must not reach.
 */
export function mosquittoConf(files: { passwordFile: string; aclFile: string }, listeners: MosquittoListeners): string {
  return [
    '# Written by npm run mqtt:mosquitto-acl (docs/telemetry.md); regenerated, not edited.',
    'per_listener_settings false',
    'allow_anonymous false',
    `password_file ${files.passwordFile}`,
    `acl_file ${files.aclFile}`,
    '',
    '# Machines: the client id is the user name (the serial number), so no login takes over another machine.',
    `listener ${listeners.machinePort}`,
    'use_username_as_clientid true',
    '',
    "# Armature's ingest (MQTT_URL): its processes share one user name; keep this listener private to them.",
    `listener ${listeners.ingest.port} ${listeners.ingest.host}`,
    '',
  ].join('\n');
}

function writeAtomically(file: string, text: string, mode: number) {
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, text, { mode });
  chmodSync(scratch, mode);
  renameSync(scratch, file);
}

export type MosquittoFilesOptions = {
  /** Where `passwd` and `acl` are written (an existing `passwd` keeps the users not re-issued). */
  out: string;
  /** Machines to issue fresh credentials for, by serial number; `all`: every machine that has credentials. */
  serials: string[];
  all: boolean;
  ingestUser: string;
  /** The ingest's password (MQTT_PASSWORD); absent: kept from the existing file, else made up and answered. */
  ingestPassword: string | undefined;
  /** What machines are told to connect to. */
  brokerUrl: string;
  /** Given: a `mosquitto.conf` with these listeners is written too (`mosquittoConf`). */
  listeners?: MosquittoListeners;
};

export type MosquittoFiles = {
  issued: MqttCredentials[];
  /** The ingest's password when it was made up here (set it as MQTT_PASSWORD), else null. */
  ingestPassword: string | null;
  passwordFile: string;
  aclFile: string;
  /** Written only when `listeners` were given. */
  confFile: string | null;
};

/**
 * Mosquitto's password and ACL files for Armature's machines (and, given listeners, its configuration).
 * The database keeps only scrypt hashes, which Mosquitto cannot check, so the chosen machines get fresh
 * credentials (stored in Armature, the old ones end) and their passwords are answered once; users already
 * in the file are kept as long as their machine still has credentials. Unknown serial numbers, or machines on no line, fail before
 * anything changes.
 */
export async function writeMosquittoFiles(db: Db, options: MosquittoFilesOptions): Promise<MosquittoFiles> {
  mkdirSync(options.out, { recursive: true });
  const passwordFile = path.join(options.out, 'passwd');
  const aclFile = path.join(options.out, 'acl');
  const withCredentials = await db
    .select({ id: equipment.id, serialNumber: equipment.serialNumber })
    .from(equipment)
    .innerJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .where(isNotNull(equipment.productId));
  const chosen = options.all
    ? withCredentials
    : options.serials.length
      ? await db
          .select({ id: equipment.id, serialNumber: equipment.serialNumber })
          .from(equipment)
          .where(and(inArray(equipment.serialNumber, options.serials)))
      : [];
  const missing = options.serials.filter((serial) => !chosen.some((machine) => machine.serialNumber === serial));
  if (missing.length) throw new Error(`unknown serial numbers: ${missing.join(', ')}`);

  const issued = await db.transaction(async (tx) => {
    const answers: MqttCredentials[] = [];
    for (const machine of chosen)
      answers.push(await storeCredentials(tx, machine.id, newMachinePassword(), SEED_AUTHOR, options.brokerUrl));
    return answers;
  });

  const existing = readPasswordFile(passwordFile);
  const lines = new Map<string, string>();
  const made = options.ingestPassword ? null : existing.has(options.ingestUser) ? null : newMachinePassword();
  const ingestPassword = options.ingestPassword ?? made;
  lines.set(
    options.ingestUser,
    ingestPassword ? mosquittoPasswordLine(options.ingestUser, ingestPassword) : existing.get(options.ingestUser)!,
  );
  const machines: { serialNumber: string; topicPrefix: string }[] = [];
  const known = new Set(withCredentials.map((machine) => machine.serialNumber));
  for (const credentials of issued) known.add(credentials.username);
  for (const serialNumber of known) {
    const fresh = issued.find((credentials) => credentials.username === serialNumber);
    const line = fresh ? mosquittoPasswordLine(serialNumber, fresh.password) : existing.get(serialNumber);
    const entry = line ? await readMachineEntry(db, { serialNumber }) : null;
    const topicPrefix = entry && topicPrefixOf(entry);
    if (!line || !topicPrefix) continue;
    lines.set(serialNumber, line);
    machines.push({ serialNumber, topicPrefix });
  }
  writeAtomically(passwordFile, `${[...lines.values()].join('\n')}\n`, 0o600);
  writeAtomically(aclFile, mosquittoAcl(options.ingestUser, machines), 0o644);
  let confFile: string | null = null;
  if (options.listeners) {
    confFile = path.join(options.out, 'mosquitto.conf');
    writeAtomically(confFile, mosquittoConf({ passwordFile, aclFile }, options.listeners), 0o644);
  }
  return { issued, ingestPassword: made, passwordFile, aclFile, confFile };
}
