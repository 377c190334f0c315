// Throw-away: a backlog of job-status messages (accepted, started, pieces, completed of each task) handed to the
// intake at once, as a busy embedded database leaves it; counts statements and transactions until all are applied.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/core/db/client.ts';
import { prepareDatabase } from '../src/setup/prepare.ts';
import { equipmentCredentials } from '../src/modules/equipment/index.ts';
import { machineJobs, tasks } from '../src/modules/processing/index.ts';
import { transitionTask } from '../src/modules/processing/task.command.ts';
import { JobStatusIntake } from '../src/modules/telemetry/machine-job-status.ts';
import { MachineDirectory, readMachineEntry } from '../src/modules/telemetry/machine-directory.ts';
import { IngestCounter } from '../src/modules/telemetry/ingest-stats.ts';
import { createTaskFixture } from '../test/helpers/task-fixture.ts';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' }, fixtures: { type: 'string', default: '4' } } });
const handle = args.postgres ? openPostgres(args.postgres) : openPglite();
await prepareDatabase(handle, { adminPassword: undefined });
const db = handle.db;
let statements = 0;
let transactions = 0;
let on = false;
const proto = Object.getPrototypeOf((db as any).session);
const prepare = proto.prepareQuery;
proto.prepareQuery = function (query: { sql: string }, ...rest: unknown[]) {
  const prepared = prepare.call(this, query, ...rest);
  const execute = prepared.execute.bind(prepared);
  prepared.execute = (...values: unknown[]) => {
    if (on) statements++;
    return execute(...values);
  };
  return prepared;
};
const transaction = db.transaction.bind(db);
(db as any).transaction = (...rest: any[]) => {
  if (on) transactions++;
  return (transaction as any)(...rest);
};
const messages: object[] = [];
let serial = '';
const ids: string[] = [];
for (let i = 0; i < Number(args.fixtures); i++) {
  const f = await createTaskFixture(db, { tag: `K${i}`, purchaseLength: 9000 + i * 10, plannedStart: Date.parse('2026-12-01T01:00:00Z') });
  serial = f.cutter.serialNumber;
  await db.insert(equipmentCredentials).values({ equipmentId: f.cutter.id, username: serial, passwordHash: 'x' }).onConflictDoNothing();
  for (const kind of ['raw', 'tail', 'purchase'] as const) {
    const task = f.tasks[kind];
    await db.transaction((tx) => transitionTask(tx, f.writer, task.id, 'dispatch'));
    const [job] = await db.select().from(machineJobs).where(eq(machineJobs.taskId, task.id));
    const [row] = await db.select({ repetitions: tasks.repetitions }).from(tasks).where(eq(tasks.id, task.id));
    const base = { taskId: task.id, seq: job!.seq, ts: new Date().toISOString() };
    ids.push(task.id);
    messages.push({ ...base, status: 'accepted' }, { ...base, status: 'started' }, { ...base, status: 'pieces', good: 1, scrap: 0 },
      { ...base, status: 'completed', good: row!.repetitions, scrap: 0 });
  }
}
const entry = (await readMachineEntry(db, { serialNumber: serial }))!;
const log = { warn: () => {}, error: (e: unknown) => console.error(e) } as never;
const intake = new JobStatusIntake({ db, directory: new MachineDirectory(db), counter: new IngestCounter(), log });
const topic = { clientCode: entry.clientCode!, productCode: entry.productCode!, serialNumber: serial, raw: 'x' };
const cpu = process.cpuUsage();
on = true;
for (const message of messages) intake.receive(topic, Buffer.from(JSON.stringify(message)));
await intake.drain();
on = false;
const used = process.cpuUsage(cpu);
const done = (await db.select({ id: tasks.id, status: tasks.status }).from(tasks)).filter((t) => ids.includes(t.id) && t.status === 'done').length;
console.info(JSON.stringify({ tasks: ids.length, messages: messages.length, done, transactions, statements, perTask: +(statements / ids.length).toFixed(1), cpuMs: Math.round((used.user + used.system) / 1000) }));
await handle.close();
