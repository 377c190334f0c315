import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './env.ts';

describe('environment parsing', () => {
  it('applies the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_POOL_SIZE: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      DATABASE_LOCK_TIMEOUT_MS: 10_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
      DATA_DIR: './data',
      DEMO: 'on',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: 1200,
      TRUST_PROXY: 'false',
      WORKER: 'inline',
      TELEMETRY: 'on',
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: 1883,
      MQTT_SHARE_GROUP: 'armature',
      TELEMETRY_RETENTION_DAYS: 90,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "70000")'],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { DATABASE_URL: 'mysql://db/x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      { DATABASE_POOL_SIZE: '0' },
      'Invalid configuration: DATABASE_POOL_SIZE must be an integer between 1 and 100 (got "0")',
    ],
    [
      { DATABASE_LOCK_TIMEOUT_MS: '-1' },
      'Invalid configuration: DATABASE_LOCK_TIMEOUT_MS must be a whole number of milliseconds between 0 and 86400000 (got "-1")',
    ],
    [{ REDIS_URL: 'http://user:secret@cache' }, 'Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL'],
    [{ JWT_SECRET: 'too-short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters long'],
    [{ ADMIN_PASSWORD: 'short' }, 'Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long'],
    [
      { RATE_LIMIT_PER_MINUTE: '5' },
      'Invalid configuration: RATE_LIMIT_PER_MINUTE must be an integer of at least 10 (got "5")',
    ],
    [
      { TRUST_PROXY: 'maybe' },
      'Invalid configuration: TRUST_PROXY must be true, false, a number of proxy hops or a comma-separated list of proxy addresses/CIDRs (got "maybe")',
    ],
    [{ TELEMETRY: 'maybe' }, 'Invalid configuration: TELEMETRY must be one of on, off (got "maybe")'],
    [{ MQTT_PORT: '-1' }, 'Invalid configuration: MQTT_PORT must be an integer between 0 and 65535 (got "-1")'],
    [
      { MQTT_URL: 'http://user:secret@broker' },
      'Invalid configuration: MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL',
    ],
    [
      { TELEMETRY_RETENTION_DAYS: '0' },
      'Invalid configuration: TELEMETRY_RETENTION_DAYS must be an integer between 1 and 3650 (got "0")',
    ],
  ])('rejects %o with a one-line message naming the variable', (env, message) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(message);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['1', 1],
    ['10.0.0.1, 10.1.0.0/16', ['10.0.0.1', '10.1.0.0/16']],
  ])('reads TRUST_PROXY=%s as %o', (value, expected) => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'armature-env-'));
    expect(loadConfig({ TRUST_PROXY: value, JWT_SECRET: 'x'.repeat(40) }, cwd).trustProxy).toEqual(expected);
  });

  it('reads the telemetry settings: the embedded broker unless MQTT_URL names one, off with TELEMETRY=off', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'armature-env-'));
    const secret = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(secret, cwd).telemetry).toMatchObject({ enabled: true, url: undefined, port: 1883 });
    const external = loadConfig(
      { ...secret, MQTT_URL: 'mqtt://broker:1883', MQTT_USERNAME: 'armature', MQTT_PASSWORD: 'pw' },
      cwd,
    ).telemetry;
    expect(external).toMatchObject({ url: 'mqtt://broker:1883', username: 'armature', password: 'pw' });
    expect(loadConfig({ ...secret, TELEMETRY: 'off' }, cwd).telemetry?.enabled).toBe(false);
  });

  it('generates a JWT secret once, keeps it in DATA_DIR with mode 0600 and reuses it', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'armature-env-'));
    const first = loadConfig({ DATA_DIR: 'state' }, cwd);
    const file = path.join(cwd, 'state', 'jwt-secret');
    expect(first.dataDir).toBe(path.join(cwd, 'state'));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: 'state' }, cwd).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: 'state', JWT_SECRET: 'x'.repeat(40) }, cwd).jwtSecret).toBe('x'.repeat(40));
  });
});
