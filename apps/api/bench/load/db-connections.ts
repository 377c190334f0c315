import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import pg from 'pg';

export type ConnectionFigures = {
  samples: number;
  intervalMs: number;
  /**
   * Per holder — `<process> <application_name>` when the connection's client port belongs to a named
   * process (the cluster's), else the application_name alone — and `total`: connections to the database.
   */
  byApplication: Record<string, { max: number; mean: number; maxActive: number }>;
};

/** Local TCP ports of the named processes' sockets, from /proc (Linux): which process holds a connection. */
function portsOf(processes: readonly { name: string; pid: number }[]): Map<number, string> {
  const inodes = new Map<string, string>();
  for (const { name, pid } of processes) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' });
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.set(inode, name);
      }
    } catch {
      // Gone, or not ours to read: its connections count under their application_name alone.
    }
  }
  const ports = new Map<number, string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const name = fields[9] && inodes.get(fields[9]);
      if (name) ports.set(parseInt(fields[1]!.split(':')[1]!, 16), name);
    }
  }
  return ports;
}

/**
 * Samples `pg_stat_activity` of the benchmark's database every few seconds on one connection of its
 * own (left out of the counts): how many connections each holder has, and how many of them are
 * running a statement (`active`) at that instant. Every process of one kind uses the same
 * application_name, so the cluster's processes are told apart by the client port of each connection.
 */
export function sampleConnections(
  databaseUrl: string,
  processes: readonly { name: string; pid: number }[],
  intervalMs = 5000,
) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'armature-load-bench' });
  const totals = new Map<string, { sum: number; max: number; maxActive: number }>();
  let samples = 0;
  let timer: NodeJS.Timeout | undefined;
  let sampling: Promise<void> = Promise.resolve();

  const sample = async () => {
    const { rows } = await client.query<{ app: string; port: number | null; active: boolean }>(
      `select coalesce(nullif(application_name, ''), '(unnamed)') as app, client_port as port,
              state = 'active' as active
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const ports = processes.length ? portsOf(processes) : new Map<number, string>();
    const counts = new Map<string, { n: number; active: number }>([['total', { n: 0, active: 0 }]]);
    for (const row of rows) {
      const owner = row.port === null ? undefined : ports.get(row.port);
      for (const key of [owner ? `${owner} ${row.app}` : row.app, 'total']) {
        const count = counts.get(key) ?? { n: 0, active: 0 };
        count.n++;
        if (row.active) count.active++;
        counts.set(key, count);
      }
    }
    samples++;
    for (const [key, { n, active }] of counts) add(key, n, active);
  };
  const add = (app: string, n: number, active: number) => {
    // An application first seen now had 0 in the samples before: the mean divides by every sample.
    let entry = totals.get(app);
    if (!entry) totals.set(app, (entry = { sum: 0, max: 0, maxActive: 0 }));
    entry.sum += n;
    entry.max = Math.max(entry.max, n);
    entry.maxActive = Math.max(entry.maxActive, active);
  };

  return {
    start: async () => {
      await client.connect();
      await sample();
      timer = setInterval(() => {
        sampling = sampling.then(sample).catch(() => {});
      }, intervalMs);
    },
    stop: async (): Promise<ConnectionFigures> => {
      clearInterval(timer);
      await sampling;
      await client.end();
      const byApplication = Object.fromEntries(
        [...totals].map(([app, entry]) => [
          app,
          { max: entry.max, mean: Math.round((entry.sum / samples) * 10) / 10, maxActive: entry.maxActive },
        ]),
      );
      return { samples, intervalMs, byApplication };
    },
  };
}
