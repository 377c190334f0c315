import { z } from 'zod';
import { machineTopicPrefix, parseMachineTopic, type TelemetryTopic } from '../equipment/index.ts';
import { BAR_SOURCES } from '../planning/index.ts';

/**
 * The job protocol between Armature and a machine (docs/telemetry.md "Jobs"): Armature sends
 * each dispatched task down `armature/v1/{client}/{product}/{serial}/job` (QoS 1, to the machine's
 * persistent session) and withdraws it there; the machine answers on `…/job-status`. Every message
 * names the task and the job's sequence number, so a message sent twice (QoS 1 is at least once) is
 * applied once. The schemas here are the contract; docs/protocol/*.schema.json are generated from them.
 */
export const MACHINE_JOB_CHANNELS = ['job', 'job-status'] as const;
export type MachineJobChannel = (typeof MACHINE_JOB_CHANNELS)[number];

/** A machine-job payload larger than this is bad input (a bend job with many BVBS records stays far below). */
export const MAX_JOB_STATUS_BYTES = 4096;

export function machineJobTopic(parts: Omit<TelemetryTopic, 'channel'>, channel: MachineJobChannel): string {
  return `${machineTopicPrefix(parts)}/${channel}`;
}

/** The parts of a job topic, or null when it is not one. */
export function parseMachineJobTopic(topic: string) {
  return parseMachineTopic(topic, MACHINE_JOB_CHANNELS);
}

const timestampSchema = z.iso.datetime({ offset: true });
const uuidSchema = z.uuid();
/** Sequence numbers grow with each job Armature issues; a task sent again (after a rejection) gets a new one. */
const sequenceSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(1_000_000);
const millimetres = z.number().int().min(0).max(100_000);

/** A cut task: bars of one length cut into pieces, the cuts in the order the shear makes them. */
export const cutWorkSchema = z.strictObject({
  kind: z.literal('cut'),
  stock: z.strictObject({
    /** Bar length, mm. */
    length: millimetres,
    /** `stock`: raw bars on hand; `purchase`: a purchased standard length; `offcut`: a kept offcut. */
    source: z.enum(BAR_SOURCES),
    heatNo: z.string().nullable(),
  }),
  /** Each bar is cut into these, in order: `count` pieces of `length` mm for the mark. */
  cuts: z.array(z.strictObject({ length: millimetres, count: count, mark: z.string(), orderLineId: uuidSchema })),
  /** Bars to cut. */
  repetitions: count,
  /** What is left of each bar: `keep` it as an offcut (to the offcut rack) or `scrap` it. */
  remainder: z.strictObject({ length: millimetres, action: z.enum(['keep', 'scrap']) }),
});
export type CutWork = z.infer<typeof cutWorkSchema>;

/** A bend task: pieces of one shape, bent on one mandrel. */
export const bendWorkSchema = z.strictObject({
  kind: z.literal('bend'),
  /** The shape as BVBS BF2D records (one per mark), checksummed, without line ends. */
  bvbs: z.array(z.string().max(2000)).min(1),
  /** Pieces to bend. */
  pieces: count,
  /** Mandrel diameter, mm; null when the shape does not say. */
  mandrel: z.number().min(0).max(10_000).nullable(),
});
export type BendWork = z.infer<typeof bendWorkSchema>;

/** The machine-specific command rendered through the PLC task template of the machine's model (BOM centre). */
export const plcCommandSchema = z.strictObject({ template: z.string(), command: z.string() });

/** `…/job`, `type: "job"`: a task to run. Jobs arrive in queue order; a machine runs them in sequence order. */
export const machineJobSchema = z.strictObject({
  type: z.literal('job'),
  taskId: uuidSchema,
  seq: sequenceSchema,
  /** The task's code, as its tag and the operator's screen show it (`TK20261122-0007`). */
  code: z.string(),
  /** Steel grade and bar diameter (mm). */
  grade: z.string(),
  diameter: z.number().int().min(1).max(100),
  work: z.discriminatedUnion('kind', [cutWorkSchema, bendWorkSchema]),
  plc: plcCommandSchema.nullable(),
  issuedAt: timestampSchema,
});
export type MachineJob = z.infer<typeof machineJobSchema>;

/**
 * Why a job is withdrawn. `failed`: the task was ended as failed (it had started, on the machine or by the
 * operator's screen): nothing the machine makes of it is booked, so a machine stops it even when started.
 * `completed`: the task was completed by hand (the operator's screen booked its production), so whatever
 * the machine would make of it is too much: a machine stops it likewise.
 */
export const WITHDRAWAL_REASONS = ['cancelled', 'reassigned', 'replanned', 'failed', 'completed'] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];
/** The reasons for which a machine stops a job even when it has started it. */
export const STOPPING_WITHDRAWALS: readonly WithdrawalReason[] = ['failed', 'completed'];

/**
 * `…/job`, `type: "withdrawal"`: the job of that task and sequence must not be run. A machine that has not
 * started it drops it and answers `withdrawn`; one that already started it answers `started` (Armature
 * then tells the shift lead) — unless the reason is one of STOPPING_WITHDRAWALS: then it stops the job and
 * answers `withdrawn`.
 */
export const machineJobWithdrawalSchema = z.strictObject({
  type: z.literal('withdrawal'),
  taskId: uuidSchema,
  seq: sequenceSchema,
  reason: z.enum(WITHDRAWAL_REASONS),
  issuedAt: timestampSchema,
});
export type MachineJobWithdrawal = z.infer<typeof machineJobWithdrawalSchema>;

/** Everything Armature sends down `…/job`. */
export const machineJobMessageSchema = z.discriminatedUnion('type', [machineJobSchema, machineJobWithdrawalSchema]);
export type MachineJobMessage = z.infer<typeof machineJobMessageSchema>;

const statusBase = { taskId: uuidSchema, seq: sequenceSchema, ts: timestampSchema };
/**
 * Progress counts are cumulative for the job (like the counters channel), so a repeated or late message
 * never adds twice: `good` counts repetitions done (bars cut through their pattern for a cut job, pieces
 * for a bend job), `scrap` pieces scrapped.
 */
const progress = { good: count, scrap: count };

/**
 * Reason codes of a rejection that Armature's own machines (the simulator, the OPC UA gateway) use; a
 * machine may send codes of its own (the schema takes any 1–32 characters).
 */
export const JOB_REJECTION_CODES = {
  /** The bar's diameter is outside what the machine (its tooling fitted) takes. */
  diameterRange: 'DIAMETER_RANGE',
  /** The machine does not do this kind of work (a bend job on a shear). */
  technique: 'TECHNIQUE',
  /** The machine knows no speed for the diameter, so it cannot plan the job. */
  noThroughput: 'NO_THROUGHPUT',
} as const;

export const MACHINE_JOB_STATUSES = [
  'accepted',
  'rejected',
  'started',
  'pieces',
  'paused',
  'completed',
  'withdrawn',
] as const;
export type MachineJobStatus = (typeof MACHINE_JOB_STATUSES)[number];

/** `…/job-status`: what the machine did with a job. */
export const machineJobStatusSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('accepted'), ...statusBase }),
  z.strictObject({
    status: z.literal('rejected'),
    ...statusBase,
    /** The machine's reason code (`DIAMETER_RANGE`) and a text for the shift lead. */
    code: z.string().trim().min(1).max(32),
    text: z.string().max(200),
  }),
  z.strictObject({ status: z.literal('started'), ...statusBase }),
  z.strictObject({ status: z.literal('pieces'), ...statusBase, ...progress }),
  z.strictObject({ status: z.literal('paused'), ...statusBase }),
  /** The whole job done; `good`/`scrap` as finally counted (omitted: as last reported). */
  z.strictObject({ status: z.literal('completed'), ...statusBase, good: count.optional(), scrap: count.optional() }),
  z.strictObject({ status: z.literal('withdrawn'), ...statusBase }),
]);
export type MachineJobStatusMessage = z.infer<typeof machineJobStatusSchema>;

/** The JSON Schema files of the protocol (docs/protocol), by file name: generated, never written by hand. */
export function protocolJsonSchemas(): Record<string, unknown> {
  const schema = (title: string, zod: z.ZodType, description: string) => ({
    $id: `https://armature.dev/protocol/v1/${title}.schema.json`,
    title,
    description,
    ...(z.toJSONSchema(zod, { target: 'draft-2020-12' }) as Record<string, unknown>),
  });
  return {
    'job.schema.json': schema(
      'job',
      machineJobMessageSchema,
      'armature/v1/{client}/{product}/{serial}/job — a job to run or the withdrawal of one (QoS 1, persistent session).',
    ),
    'job-status.schema.json': schema(
      'job-status',
      machineJobStatusSchema,
      'armature/v1/{client}/{product}/{serial}/job-status — what the machine did with a job (QoS 1).',
    ),
  };
}
