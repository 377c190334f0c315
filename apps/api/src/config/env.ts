import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE, DEFAULT_SESSION_TIMEOUTS, type SessionTimeouts } from '../core/db/client.ts';
import type { S3Settings } from '../core/files/s3-file-store.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `pretty`: readable lines, requests at debug level; `json`: one JSON object a line. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
/** `inline`: the API process also runs background jobs; `off`: separate workers (`npm run worker`) do. */
export const WORKER_MODES = ['inline', 'off'] as const;
/** `on`: a new database gets the demo at its first start; `off`: a production start, reference data only. */
export const DEMO_MODES = ['on', 'off'] as const;
export type DemoMode = (typeof DEMO_MODES)[number];
/** `on`: the API process runs the MQTT broker (unless MQTT_URL names one) and ingests telemetry; `off`: neither. */
export const TELEMETRY_MODES = ['on', 'off'] as const;

const portSchema = (min: number) =>
  z.coerce
    .number({ error: `must be an integer between ${min} and 65535` })
    .int({ error: `must be an integer between ${min} and 65535` })
    .min(min, { error: `must be an integer between ${min} and 65535` })
    .max(65535, { error: `must be an integer between ${min} and 65535` });

const mqttUrlSchema = z
  .string()
  .trim()
  .regex(/^(mqtts?|wss?):\/\/[^\s/]+(\/\S*)?$/, { error: 'must be an mqtt://, mqtts://, ws:// or wss:// URL' });

/** A PostgreSQL session timeout in milliseconds; 0 turns it off, as in PostgreSQL. */
const timeoutSchema = z.coerce
  .number({ error: 'must be a whole number of milliseconds between 0 and 86400000' })
  .int({ error: 'must be a whole number of milliseconds between 0 and 86400000' })
  .min(0, { error: 'must be a whole number of milliseconds between 0 and 86400000' })
  .max(86_400_000, { error: 'must be a whole number of milliseconds between 0 and 86400000' });

const envSchema = z.object({
  PORT: portSchema(1).default(3000),
  HOST: z
    .string({ error: 'must be a host name or IP address' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be an integer between 1 and 100' })
    .int({ error: 'must be an integer between 1 and 100' })
    .min(1, { error: 'must be an integer between 1 and 100' })
    .max(100, { error: 'must be an integer between 1 and 100' })
    .default(DEFAULT_POOL_SIZE),
  DATABASE_STATEMENT_TIMEOUT_MS: timeoutSchema.default(DEFAULT_SESSION_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: timeoutSchema.default(DEFAULT_SESSION_TIMEOUTS.lockMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutSchema.default(DEFAULT_SESSION_TIMEOUTS.idleInTransactionMs),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'must be at least 8 characters long' })
    .max(128, { error: 'must be at most 128 characters long' })
    .optional(),
  DEMO: z.enum(DEMO_MODES, { error: `must be one of ${DEMO_MODES.join(', ')}` }).default('on'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be an integer of at least 10' })
    .int({ error: 'must be an integer of at least 10' })
    .min(10, { error: 'must be an integer of at least 10' })
    .default(1200),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/, {
      error: 'must be true, false, a number of proxy hops or a comma-separated list of proxy addresses/CIDRs',
    })
    .default('false'),
  WORKER: z.enum(WORKER_MODES, { error: `must be one of ${WORKER_MODES.join(', ')}` }).default('inline'),
  TELEMETRY: z.enum(TELEMETRY_MODES, { error: `must be one of ${TELEMETRY_MODES.join(', ')}` }).default('on'),
  MQTT_URL: mqttUrlSchema.optional(),
  MQTT_HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  // 0 picks a free port (tests).
  MQTT_PORT: portSchema(0).default(1883),
  MQTT_PUBLIC_URL: mqttUrlSchema.optional(),
  MQTT_USERNAME: z.string().max(256, { error: 'must be at most 256 characters long' }).optional(),
  MQTT_PASSWORD: z.string().max(256, { error: 'must be at most 256 characters long' }).optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ or -' })
    .default('armature'),
  TELEMETRY_RETENTION_DAYS: z.coerce
    .number({ error: 'must be an integer between 1 and 3650' })
    .int({ error: 'must be an integer between 1 and 3650' })
    .min(1, { error: 'must be an integer between 1 and 3650' })
    .max(3650, { error: 'must be an integer between 1 and 3650' })
    .default(90),
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, { error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots or hyphens)',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().trim().min(1, { error: 'must not be empty' }).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
});

export type Env = z.infer<typeof envSchema>;

/** Machine telemetry over MQTT (docs/telemetry.md). */
export type TelemetryConfig = {
  /** Whether this process runs the broker (embedded) and the ingest. */
  enabled: boolean;
  /** An external broker (`MQTT_URL`); absent: the embedded one. */
  url: string | undefined;
  /** Armature's own login on the external broker. */
  username: string | undefined;
  password: string | undefined;
  /** The shared-subscription group N API processes split the messages in (external broker). */
  shareGroup: string;
  /** Where the embedded broker listens (port 0: a free one). */
  host: string;
  port: number;
  /** What machines are told to connect to (the credentials' `brokerUrl`), when it is not `url` or host:port. */
  publicUrl: string | undefined;
  /** Days of state intervals, counter samples and alarms the purge job keeps. */
  retentionDays: number;
  /**
   * Test seams, never read from the environment: a shorter grace before the process counts as deaf
   * (`LINK_GRACE_MS`) and a shorter wait between reconnection attempts, so tests of a lost broker do not
   * wait out the product's seconds. Absent: the product's timings.
   */
  linkGraceMs?: number;
  reconnectMs?: number;
};

/** What a process without telemetry settings (tests' configurations) assumes: no broker, no ingest. */
export const TELEMETRY_OFF: TelemetryConfig = {
  enabled: false,
  url: undefined,
  username: undefined,
  password: undefined,
  shareGroup: 'armature',
  host: '127.0.0.1',
  port: 1883,
  publicUrl: undefined,
  retentionDays: 90,
};

export type Config = {
  port: number;
  host: string;
  /** Absent: embedded PGlite persisted in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  /** Connections of the application pool on PostgreSQL (docs/deployment.md, connection budget); absent: 10. */
  databasePoolSize?: number;
  /** Statement, lock and idle-in-transaction timeouts of every PostgreSQL connection; absent: the defaults. */
  databaseTimeouts?: SessionTimeouts;
  dataDir: string;
  jwtSecret: string;
  /** Absent: the documented demo password, flagged on the admin account until changed. */
  adminPassword: string | undefined;
  /** Whether a new database gets the demo (absent: `on`); DEMO=off requires ADMIN_PASSWORD there. */
  demo?: DemoMode;
  logLevel: (typeof LOG_LEVELS)[number];
  /** `pretty` (readable lines, requests at debug) or `json`; absent: json. */
  logFormat?: LogFormat;
  /**
   * Which reverse proxies may set X-Forwarded-For. Behind one, the per-address sign-in lock and the rate
   * limit need the client's address, not the proxy's; trusting the header without a proxy would let any
   * caller choose their address, so the default trusts none.
   */
  trustProxy: boolean | number | string[];
  /** API requests per minute and client address (static assets do not count). */
  rateLimitPerMinute: number;
  /**
   * A Redis server (`REDIS_URL`) where every process counts the rate limit together; absent: each
   * process counts alone (in memory).
   */
  redisUrl?: string;
  /**
   * Whether the API process also runs background jobs (`inline`, also when absent) or leaves them to
   * workers started with `npm run worker` (`off`).
   */
  worker?: (typeof WORKER_MODES)[number];
  /** Absent: `TELEMETRY_OFF` (no broker, no ingest; the purge keeps 90 days). */
  telemetry?: TelemetryConfig;
  /** Where stored files go: an S3-compatible bucket; absent, `DATA_DIR/files`. */
  s3?: S3Settings;
};

export class ConfigError extends Error {}

/** Treats empty variables as unset, so `PORT=` behaves like no PORT at all. */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Validates the environment; a bad value raises a ConfigError naming the variable and what it got. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const values = present(env);
  const result = envSchema.safeParse(values);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  // Secrets are never echoed back, even in an error message.
  const shown = /SECRET|PASSWORD|DATABASE_URL|REDIS_URL|MQTT_URL|S3_ACCESS_KEY/.test(name)
    ? ''
    : ` (got "${values[name] ?? ''}")`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
}

/** The JWT secret kept in DATA_DIR so tokens survive restarts when none is configured. */
function persistedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket when the four required S3_* variables are set; none set is the local store, some set an error. */
function s3Settings(parsed: Env): S3Settings | undefined {
  const missing = S3_REQUIRED.filter((name) => parsed[name] === undefined);
  if (missing.length === S3_REQUIRED.length) return undefined;
  if (missing.length)
    throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set with the other S3_* variables`);
  return {
    endpoint: parsed.S3_ENDPOINT!,
    bucket: parsed.S3_BUCKET!,
    accessKeyId: parsed.S3_ACCESS_KEY_ID!,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY!,
    region: parsed.S3_REGION,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * A person reading a terminal gets readable lines; a file, a pipe or a log collector gets JSON, one
 * object a line, which is also what production writes whatever its output is.
 */
export function defaultLogFormat(stdoutIsTerminal: boolean, nodeEnv: string | undefined): LogFormat {
  return stdoutIsTerminal && nodeEnv !== 'production' ? 'pretty' : 'json';
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(cwd, parsed.DATA_DIR);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: parsed.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: parsed.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: parsed.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dataDir,
    jwtSecret: parsed.JWT_SECRET ?? persistedJwtSecret(dataDir),
    adminPassword: parsed.ADMIN_PASSWORD,
    demo: parsed.DEMO,
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT ?? defaultLogFormat(process.stdout.isTTY === true, env.NODE_ENV),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
    redisUrl: parsed.REDIS_URL,
    worker: parsed.WORKER,
    telemetry: {
      enabled: parsed.TELEMETRY === 'on',
      url: parsed.MQTT_URL,
      username: parsed.MQTT_USERNAME,
      password: parsed.MQTT_PASSWORD,
      shareGroup: parsed.MQTT_SHARE_GROUP,
      host: parsed.MQTT_HOST,
      port: parsed.MQTT_PORT,
      publicUrl: parsed.MQTT_PUBLIC_URL,
      retentionDays: parsed.TELEMETRY_RETENTION_DAYS,
    },
    s3: s3Settings(parsed),
  };
}
