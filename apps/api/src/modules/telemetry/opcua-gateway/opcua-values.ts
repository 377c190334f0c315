import {
  MACHINE_JOB_STATUSES,
  type MachineJobMessage,
  type MachineJobStatusMessage,
  type StatePayload,
} from '@armature/domain';
import type { GatewayInput, NodeMap } from './gateway-config.ts';

/**
 * The gateway's pure translations between what an OPC UA server holds and Armature's MQTT messages:
 * OPC 40001-1 states to telemetry states, a job's fields to node values, the machine's job nodes to
 * job-status messages. No I/O here, so each is unit-tested on its own.
 */

/** OPC 40001-1 StateNumbers of MachineryItemState_StateMachineType's states. */
const ITEM_STATES = ['NotAvailable', 'OutOfService', 'NotExecuting', 'Executing'] as const;
/** … and of MachineryOperationModeStateMachineType's. */
const OPERATION_MODES = ['None', 'Maintenance', 'Setup', 'Processing'] as const;
type ItemState = (typeof ITEM_STATES)[number];
type OperationMode = (typeof OPERATION_MODES)[number];

/**
 * A value read from a node as plain text: a LocalizedText's text, a QualifiedName's name, a number or a
 * string as it is. CurrentState is a LocalizedText (`Executing`); its `Number` property a UInt32.
 */
export function plainValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object') {
    const object = value as { text?: unknown; name?: unknown };
    if (typeof object.text === 'string') return object.text;
    if (typeof object.name === 'string') return object.name;
  }
  return String(value);
}

function stateName<Name extends string>(value: unknown, names: readonly Name[]): Name | null {
  const plain = plainValue(value);
  if (typeof plain === 'number') return names[plain] ?? null;
  if (typeof plain !== 'string') return null;
  const wanted = plain.replace(/\s+/g, '').toLowerCase();
  // A numeric text ("3") is a StateNumber too; names compare without case or spaces ("Not Executing").
  if (/^\d+$/.test(wanted)) return names[Number(wanted)] ?? null;
  return names.find((name) => name.toLowerCase() === wanted) ?? null;
}

/**
 * Armature's state for an OPC 40001-1 item state × operation mode (docs/telemetry.md's table): Executing is
 * running, NotExecuting idle, OutOfService a fault, NotAvailable offline; the Maintenance mode makes any
 * available machine `maintenance`, Setup gives `mode: setup`. An item state that cannot be read is null:
 * nothing is sent rather than a guess.
 */
export function machineryToTelemetryState(
  itemStateValue: unknown,
  operationModeValue?: unknown,
): Omit<StatePayload, 'ts'> | null {
  const item: ItemState | null = stateName(itemStateValue, ITEM_STATES);
  if (!item) return null;
  const mode: OperationMode | null =
    operationModeValue === undefined ? null : stateName(operationModeValue, OPERATION_MODES);
  if (item === 'NotAvailable') return { state: 'offline' };
  if (mode === 'Maintenance') return { state: 'maintenance', mode: 'maintenance' };
  if (item === 'OutOfService') return { state: 'fault' };
  const armatureMode = mode === 'Setup' ? 'setup' : mode === 'Processing' ? 'processing' : undefined;
  return { state: item === 'Executing' ? 'running' : 'idle', ...(armatureMode ? { mode: armatureMode } : {}) };
}

/** A field of a job or withdrawal message by path, `$json` the whole message, or the input's constant. */
export function inputValue(message: MachineJobMessage, input: GatewayInput): unknown {
  if (typeof input !== 'string') return input.const;
  if (input === '$json') return JSON.stringify(message);
  let value: unknown = message;
  for (const key of input.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = (value as Record<string, unknown>)[key];
  }
  // Arrays and objects (the cuts, the BVBS records) go as JSON text: a PLC string variable can take them.
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null);
}

type JobStatusNodes = NonNullable<NodeMap['jobs']>['status'];

/** The machine's job nodes as last read. */
export type JobSnapshot = {
  taskId: unknown;
  seq: unknown;
  state: unknown;
  good?: unknown;
  scrap?: unknown;
  rejectCode?: unknown;
  rejectText?: unknown;
};

/** What was last sent for the machine's current job, so a value read again sends nothing. */
export type JobReport = { taskId: string; seq: number; status: string; good: number; scrap: number };

const COUNT_LIMIT = 1_000_000;
const count = (value: unknown) => {
  const plain = plainValue(value);
  const number = typeof plain === 'string' ? Number(plain) : plain;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= COUNT_LIMIT ? number : 0;
};

/** The job states a machine's node can show that are sent (`pieces` follows from the counts, `idle` is no job). */
const REPORTED_STATES: readonly string[] = MACHINE_JOB_STATUSES.filter((status) => status !== 'pieces');

/** The protocol's status for the machine's state value (through the model's `values`, else by name). */
export function jobStateOf(value: unknown, values: JobStatusNodes['values']): string | null {
  const plain = plainValue(value);
  if (plain === null) return null;
  const key = String(plain);
  const mapped = values ? values[key] : key.toLowerCase();
  return mapped && REPORTED_STATES.includes(mapped) ? mapped : null;
}

/**
 * The job-status messages a new read of the job nodes calls for, given what was sent before: the new state
 * when it changed (a `started` job's counts moving are `pieces`), nothing when nothing did. A job id that
 * is not one (no task, a sequence that is not a whole number) sends nothing: the machine is between jobs.
 */
export function jobStatusMessages(
  snapshot: JobSnapshot,
  previous: JobReport | null,
  nodes: JobStatusNodes,
  ts: string,
): { messages: MachineJobStatusMessage[]; report: JobReport | null } {
  const taskId = plainValue(snapshot.taskId);
  const seqValue = plainValue(snapshot.seq);
  const seq = typeof seqValue === 'string' ? Number(seqValue) : seqValue;
  const status = jobStateOf(snapshot.state, nodes.values);
  if (typeof taskId !== 'string' || !taskId || typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1)
    return { messages: [], report: previous };
  if (!status) return { messages: [], report: previous };
  const good = count(snapshot.good);
  const scrap = count(snapshot.scrap);
  const report: JobReport = { taskId, seq, status, good, scrap };
  const sameJob = previous?.taskId === taskId && previous.seq === seq;
  const ids = { taskId, seq, ts };
  if (sameJob && previous.status === status) {
    const moved = good !== previous.good || scrap !== previous.scrap;
    if (!moved || status !== 'started') return { messages: [], report: previous };
    return { messages: [{ status: 'pieces', ...ids, good, scrap }], report };
  }
  const message = ((): MachineJobStatusMessage => {
    switch (status) {
      case 'rejected':
        return {
          status,
          ...ids,
          code:
            String(plainValue(snapshot.rejectCode) ?? '')
              .trim()
              .slice(0, 32) || 'REJECTED',
          text: String(plainValue(snapshot.rejectText) ?? '').slice(0, 200),
        };
      case 'completed':
        return { status, ...ids, good, scrap };
      case 'accepted':
      case 'started':
      case 'paused':
      case 'withdrawn':
        return { status, ...ids };
      default:
        throw new Error(`unknown job state ${status}`);
    }
  })();
  // A job started with counts already moved (or resumed after a pause) reports them at once.
  const counts: MachineJobStatusMessage[] =
    status === 'started' && (good > 0 || scrap > 0) ? [{ status: 'pieces', ...ids, good, scrap }] : [];
  return { messages: [message, ...counts], report };
}

const counterValue = (value: unknown): number | null => {
  const plain = plainValue(value);
  const number = typeof plain === 'string' ? Number(plain) : plain;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

/**
 * The counters message for the machine's counter nodes: a missing `good` is pieces − scrap, a missing
 * `scrap` pieces − good (both missing: every piece good); never good + scrap > pieces, which Armature
 * refuses. Null while pieces cannot be read.
 */
export function countersFrom(
  values: { pieces: unknown; good?: unknown; scrap?: unknown },
  hasGood: boolean,
  hasScrap: boolean,
): { pieces: number; good: number; scrap: number } | null {
  const pieces = counterValue(values.pieces);
  if (pieces === null) return null;
  const read = (value: unknown) => Math.min(counterValue(value) ?? 0, pieces);
  let good = hasGood ? read(values.good) : null;
  let scrap = hasScrap ? read(values.scrap) : null;
  if (good === null) good = pieces - (scrap ?? 0);
  if (scrap === null) scrap = pieces - good;
  if (good + scrap > pieces) scrap = pieces - good;
  return { pieces, good, scrap };
}

/** An alarm bit's value: true, 1 or "true" is active. */
export function alarmActive(value: unknown): boolean {
  const plain = plainValue(value);
  return plain === true || plain === 1 || plain === 'true';
}
