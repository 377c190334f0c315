import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `inline`: the API process also runs background jobs; `off`: separate workers (`npm run worker`) do. */
export const WORKER_MODES = ['inline', 'off'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be an integer between 1 and 65535' })
    .int({ error: 'must be an integer between 1 and 65535' })
    .min(1, { error: 'must be an integer between 1 and 65535' })
    .max(65535, { error: 'must be an integer between 1 and 65535' })
    .default(3000),
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
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'must be at least 8 characters long' })
    .max(128, { error: 'must be at most 128 characters long' })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
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
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  port: number;
  host: string;
  /** Absent: embedded PGlite persisted in `<dataDir>/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  /** Absent: the documented demo password, flagged on the admin account until changed. */
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * Which reverse proxies may set X-Forwarded-For. Behind one, the per-address sign-in lock and the rate
   * limit need the client's address, not the proxy's; trusting the header without a proxy would let any
   * caller choose their address, so the default trusts none.
   */
  trustProxy: boolean | number | string[];
  /** API requests per minute and client address (static assets do not count). */
  rateLimitPerMinute: number;
  /**
   * Whether the API process also runs background jobs (`inline`, also when absent) or leaves them to
   * workers started with `npm run worker` (`off`).
   */
  worker?: (typeof WORKER_MODES)[number];
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
  const shown = /SECRET|PASSWORD|DATABASE_URL/.test(name) ? '' : ` (got "${values[name] ?? ''}")`;
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
    dataDir,
    jwtSecret: parsed.JWT_SECRET ?? persistedJwtSecret(dataDir),
    adminPassword: parsed.ADMIN_PASSWORD,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    rateLimitPerMinute: parsed.RATE_LIMIT_PER_MINUTE,
    worker: parsed.WORKER,
  };
}
