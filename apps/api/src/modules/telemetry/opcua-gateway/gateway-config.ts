import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isTopicLevel, MACHINE_JOB_STATUSES } from '@armature/domain';

/**
 * The OPC UA gateway's configuration file (docs/telemetry.md "OPC UA gateway"): for each machine its OPC UA
 * endpoint, security and MQTT login, and for each machine model the node map — which OPC UA nodes hold the
 * machine's state, counters, alarms and job progress, and how a job or a withdrawal is handed to it.
 */

/** An OPC UA node id as the server's address space spells it: `ns=2;s=Shear.State`, `ns=3;i=6021`. */
const nodeIdSchema = z
  .string()
  .trim()
  .regex(/^(ns=\d+;)?[isgb]=.+$/, { error: 'must be an OPC UA node id such as "ns=2;s=Machine.State"' });

/** A secret written in the file, or `{ "env": "NAME" }`: read from that environment variable at start. */
const secretSchema = z.union([
  z.string().min(1).max(256),
  z.strictObject({
    env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable name' }),
  }),
]);
export type Secret = z.infer<typeof secretSchema>;

/**
 * What goes into a job node or method argument: a field of the MQTT message by its path (`taskId`, `seq`,
 * `work.repetitions`, `plc.command`), `$json` for the whole message as JSON text, or a constant
 * (`{ "const": true }`, e.g. the trigger a PLC latches the job on).
 */
const inputSchema = z.union([
  z.string().regex(/^(\$json|[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*)$/, {
    error: 'must be a field path such as "taskId" or "work.repetitions", or "$json"',
  }),
  z.strictObject({ const: z.union([z.string(), z.number(), z.boolean()]) }),
]);
export type GatewayInput = z.infer<typeof inputSchema>;

/** How a message is handed to the machine: a method call, or variables written in order (the last often a trigger). */
const actionSchema = z.union([
  z.strictObject({
    call: z.strictObject({ objectId: nodeIdSchema, methodId: nodeIdSchema, inputs: z.array(inputSchema).max(32) }),
  }),
  z.strictObject({
    write: z
      .array(z.strictObject({ nodeId: nodeIdSchema, value: inputSchema }))
      .min(1)
      .max(64),
  }),
]);
export type GatewayAction = z.infer<typeof actionSchema>;

const jobStateValue = z.enum([...MACHINE_JOB_STATUSES.filter((status) => status !== 'pieces'), 'idle']);

/** A machine model's nodes. Only `state` is required: a machine may report its state and nothing more. */
export const nodeMapSchema = z.strictObject({
  /** OPC 40001-1: MachineryItemState's CurrentState (or its Number) and MachineryOperationMode's. */
  state: z.strictObject({ itemState: nodeIdSchema, operationMode: nodeIdSchema.optional() }),
  /** Cumulative counters; a missing `good` is pieces − scrap, a missing `scrap` pieces − good. */
  counters: z
    .strictObject({ pieces: nodeIdSchema, good: nodeIdSchema.optional(), scrap: nodeIdSchema.optional() })
    .optional(),
  /** Alarm bits: a Boolean node per alarm, true while it is active. */
  alarms: z
    .array(
      z.strictObject({
        nodeId: nodeIdSchema,
        code: z.string().trim().min(1).max(32),
        text: z.string().max(200),
        severity: z.enum(['info', 'warning', 'error', 'critical']).default('error'),
      }),
    )
    .max(500)
    .default([]),
  jobs: z
    .strictObject({
      /** A `job` message from Armature. */
      send: actionSchema,
      /** A `withdrawal`; without one a withdrawal is only logged (the machine runs the job; Armature refuses its booking). */
      withdraw: actionSchema.optional(),
      /** The machine's current job: which one it is, its state and its counts. */
      status: z.strictObject({
        taskId: nodeIdSchema,
        seq: nodeIdSchema,
        state: nodeIdSchema,
        good: nodeIdSchema.optional(),
        scrap: nodeIdSchema.optional(),
        rejectCode: nodeIdSchema.optional(),
        rejectText: nodeIdSchema.optional(),
        /** The machine's values of `state` (numbers as text) to the protocol's; without it the values are the names. */
        values: z.record(z.string(), jobStateValue).optional(),
      }),
    })
    .optional(),
});
export type NodeMap = z.infer<typeof nodeMapSchema>;

const SECURITY_POLICIES = ['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const;

export const gatewayMachineSchema = z.strictObject({
  serialNumber: z.string().refine(isTopicLevel, { error: 'must be a serial number (letters, digits, . _ -)' }),
  clientCode: z.string().refine(isTopicLevel, { error: 'must be the client code of the machine’s line' }),
  productCode: z.string().refine(isTopicLevel, { error: 'must be the product code of the machine’s line' }),
  /** A key of `models`. */
  model: z.string().min(1),
  endpoint: z.string().regex(/^opc\.tcp:\/\/[^/\s]+(\/\S*)?$/, { error: 'must be an opc.tcp:// address' }),
  security: z
    .strictObject({
      mode: z.enum(['None', 'Sign', 'SignAndEncrypt']).default('None'),
      policy: z.enum(SECURITY_POLICIES).default('None'),
      /** A user name and password on the OPC UA server; anonymous without. */
      user: z.strictObject({ username: z.string().min(1).max(256), password: secretSchema }).optional(),
    })
    .default({ mode: 'None', policy: 'None' })
    .refine((security) => (security.mode === 'None') === (security.policy === 'None'), {
      error: 'mode "None" goes with policy "None", and only with it',
    }),
  /** The machine's MQTT password (credentials issued by Armature; the user name is the serial number). */
  mqtt: z.strictObject({ password: secretSchema }),
});
export type GatewayMachine = z.infer<typeof gatewayMachineSchema>;

export const gatewayConfigSchema = z
  .strictObject({
    /** The MQTT broker; absent: MQTT_URL, else mqtt://127.0.0.1:$MQTT_PORT. */
    broker: z
      .string()
      .regex(/^mqtts?:\/\/\S+$/, { error: 'must be an mqtt:// or mqtts:// address' })
      .optional(),
    /** How often the OPC UA server samples the nodes, ms. */
    samplingIntervalMs: z.number().int().min(0).max(60_000).default(100),
    /** Counters are sent at most this often, ms. */
    countersIntervalMs: z.number().int().min(100).max(600_000).default(1000),
    /** The gateway's OPC UA certificate store (created when missing); absent: node-opcua's default folder. */
    pkiDir: z.string().min(1).optional(),
    models: z.record(z.string().min(1), nodeMapSchema),
    machines: z.array(gatewayMachineSchema).min(1).max(1000),
  })
  .superRefine((config, context) => {
    const seen = new Set<string>();
    config.machines.forEach((machine, index) => {
      if (!(machine.model in config.models))
        context.addIssue({
          code: 'custom',
          path: ['machines', index, 'model'],
          message: `no model "${machine.model}" in models (${Object.keys(config.models).join(', ') || 'none'})`,
        });
      if (seen.has(machine.serialNumber))
        context.addIssue({ code: 'custom', path: ['machines', index, 'serialNumber'], message: 'listed twice' });
      seen.add(machine.serialNumber);
    });
  });
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export class GatewayConfigError extends Error {}

/** Each problem on a line of its own, with where it is: `machines[1].endpoint: must be an opc.tcp:// address`. */
export function describeConfigIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`));
      return `${path.join('') || '(file)'}: ${issue.message}`;
    })
    .join('\n');
}

export function parseGatewayConfig(value: unknown): GatewayConfig {
  const parsed = gatewayConfigSchema.safeParse(value);
  if (!parsed.success) throw new GatewayConfigError(describeConfigIssues(parsed.error));
  return parsed.data;
}

export async function loadGatewayConfig(path: string): Promise<GatewayConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new GatewayConfigError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GatewayConfigError(`${path} is not JSON: ${(error as Error).message}`);
  }
  return parseGatewayConfig(json);
}

/** A secret's value; a missing environment variable is a configuration error naming it (never the value). */
export function resolveSecret(secret: Secret, where: string, env: NodeJS.ProcessEnv = process.env): string {
  if (typeof secret === 'string') return secret;
  const value = env[secret.env];
  if (!value) throw new GatewayConfigError(`${where}: the environment variable ${secret.env} is not set`);
  return value;
}
