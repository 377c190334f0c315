import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobStatusSchema, tokenResponseSchema, type JobStatus } from '@armature/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/modules/users/index.ts';
import { openSse, until, type ReadEvent } from './helpers/sse-client.ts';
import { openSeededDatabase } from './helpers/test-app.ts';
import { enqueuedSchema } from './helpers/test-jobs.ts';

// Several processes on one PostgreSQL, as a plant group deploys them: two API processes that run no
// jobs (WORKER=off) and workers alone. Children run through tsx like `npm start`.
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const CHILD = fileURLToPath(new URL('./helpers/jobs-process.ts', import.meta.url));

type Child = { process: ChildProcess; pid: number; url?: string; output: string[]; exited: Promise<number | null> };

function startChild(role: 'api' | 'worker', env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, role], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start: ${output.join('')}`)), 90_000);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const listening = /LISTENING (\S+)/.exec(text);
      if (listening || text.includes('WORKING')) {
        clearTimeout(timer);
        resolve({ process: child, pid: child.pid!, url: listening?.[1], output, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited (${code}) before starting: ${output.join('')}`));
    });
  });
}

const isJob =
  (id: string, match: Partial<JobStatus> = {}) =>
  (event: ReadEvent) =>
    event.event === 'job' &&
    (event.data as JobStatus).id === id &&
    Object.entries(match).every(([key, value]) => (event.data as Record<string, unknown>)[key] === value);
const ranAttempt = (attempt: number) => (event: ReadEvent) =>
  event.event === 'ran' && (event.data as { attempt: number }).attempt === attempt;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes and workers on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openSeededDatabase>>;
  let apiA: Child;
  let apiB: Child;
  let workers: Child[];
  const children: Child[] = [];
  let auth: { authorization: string };

  beforeAll(async () => {
    database = await openSeededDatabase('postgres');
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WORKER: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    // Both workers start now, beside the APIs: the kill test kills whichever takes its job.
    const started = await Promise.all([
      startChild('api', env),
      startChild('api', env),
      startChild('worker', env),
      startChild('worker', env),
    ]);
    [apiA, apiB] = [started[0], started[1]];
    workers = started.slice(2);
    children.push(...started);
    const login = await fetch(`${apiA.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: DEMO_ADMIN.userName, password: DEMO_ADMIN.password }),
    });
    auth = { authorization: `Bearer ${tokenResponseSchema.parse(await login.json()).access_token}` };
  });

  afterAll(async () => {
    for (const child of children) child.process.kill('SIGTERM');
    await Promise.all(children.map((child) => child.exited));
    await database?.handle.close();
    await database?.drop();
  });

  const enqueue = async (body: object) => {
    const response = await fetch(`${apiA.url}/api/test-jobs`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(202);
    return enqueuedSchema.parse(await response.json());
  };
  const readOnB = async (id: string) =>
    jobStatusSchema.parse(await (await fetch(`${apiB.url}/api/test-jobs/${id}`, { headers: auth })).json());

  it('runs a job enqueued on API A in a worker, streaming its progress to a browser on API B', async () => {
    const channel = `test:${randomBytes(6).toString('hex')}`;
    const stream = await openSse(`${apiB.url}/api/test-jobs/events?channel=${channel}`, auth);
    expect((await stream.next((event) => event.event === 'ready')).data).toMatchObject({ pid: apiB.pid });

    const { jobId, pid } = await enqueue({ channel, data: { tag: 'cross', steps: 4 } });
    expect(pid).toBe(apiA.pid);
    await stream.next(isJob(jobId, { state: 'queued' }));
    // One of the workers ran it: neither API process (they run with WORKER=off).
    const { pid: ranBy } = (await stream.next(ranAttempt(1))).data as { pid: number };
    expect(workers.map((worker) => worker.pid)).toContain(ranBy);
    await stream.next(isJob(jobId, { state: 'running', progress: 0.25 }));
    await stream.next(isJob(jobId, { state: 'running', progress: 0.75 }));
    expect((await stream.next(isJob(jobId, { state: 'succeeded' }))).data).toMatchObject({ progress: 1, attempt: 1 });
    await stream.ended();
    expect(await readOnB(jobId)).toMatchObject({ state: 'succeeded', message: 'done cross' });
  });

  it('retries on another worker a job whose worker was killed mid-job', async () => {
    const channel = `test:${randomBytes(6).toString('hex')}`;
    const stream = await openSse(`${apiB.url}/api/test-jobs/events?channel=${channel}`, auth);
    await stream.next((event) => event.event === 'ready');
    const { jobId } = await enqueue({ kind: 'test.fragile', channel, data: { tag: 'killed', hangOnAttempt: 1 } });
    const { pid: ranBy } = (await stream.next(ranAttempt(1))).data as { pid: number };
    await stream.next(isJob(jobId, { state: 'running', progress: 0.25 }));
    const killed = workers.find((worker) => worker.pid === ranBy)!;
    const second = workers.find((worker) => worker !== killed)!;

    // No goodbye: the job's attempt stays active until it expires (3 s), then pg-boss retries it.
    killed.process.kill('SIGKILL');
    expect(await killed.exited).toBeNull();

    expect((await stream.next(ranAttempt(2), 60_000)).data).toMatchObject({ pid: second.pid });
    expect((await stream.next(isJob(jobId, { state: 'succeeded' }), 30_000)).data).toMatchObject({ attempt: 2 });
    expect(await readOnB(jobId)).toMatchObject({ state: 'succeeded', attempt: 2, message: 'done killed' });
  });

  it('shuts an API process and a worker down cleanly on SIGTERM, ending open streams', async () => {
    const stream = await openSse(`${apiB.url}/api/test-jobs/events?channel=test:open`, auth);
    await stream.next((event) => event.event === 'ready');
    apiB.process.kill('SIGTERM');
    await stream.ended();
    expect(await apiB.exited).toBe(0);
    const alive = workers.filter((worker) => worker.process.exitCode === null && worker.process.signalCode === null);
    for (const worker of alive) worker.process.kill('SIGTERM');
    expect(await Promise.all(alive.map((worker) => worker.exited))).toEqual(alive.map(() => 0));
  });
});

describe('npm run worker on the embedded database', () => {
  it('refuses with a message: PGlite belongs to the one process that opened it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'armature-worker-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await until(
      async () => child.exitCode,
      (exit) => exit !== null,
      60_000,
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain('npm run worker needs DATABASE_URL');
    expect(stderr).toContain('PGlite');
  });
});
