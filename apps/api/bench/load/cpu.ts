import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts process and machine CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

export type CpuFigures = {
  /** Share of the machine's cores busy over the run (1 = every core all the time), from /proc/stat. */
  machineBusy: number;
  cores: number;
  /** Cores' worth of CPU each process used over the run (1 = one core all the time). */
  processes: { name: string; cores: number }[];
};

function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** Every process's parent and CPU ticks so far. */
function allProcesses(): Map<number, { ppid: number; ticks: number }> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name in parentheses: state is field 3, ppid 4, utime 14 and stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return table;
}

/** A process's ticks with its direct children's (nginx's and Mosquitto's workers, a wrapper's node). */
function processTicks(table: Map<number, { ppid: number; ticks: number }>, pid: number): number | null {
  const own = table.get(pid);
  if (!own) return null;
  let ticks = own.ticks;
  for (const entry of table.values()) if (entry.ppid === pid) ticks += entry.ticks;
  return ticks;
}

/**
 * Where the CPU went during the run, on Linux: the machine's busy share, and per process named (the
 * benchmark itself, the cluster's API processes, workers, nginx and Mosquitto from its state file).
 * PostgreSQL is the rest of the machine's busy time (with whatever else runs there).
 */
export function watchCpu(processes: { name: string; pid: number }[], cores: number) {
  const startMachine = machineTicks();
  const startTable = allProcesses();
  const startProcesses = processes.map((p) => ({ ...p, ticks: processTicks(startTable, p.pid) }));
  const startBench = process.cpuUsage();
  const started = performance.now();
  return (): CpuFigures => {
    const seconds = (performance.now() - started) / 1000;
    const machine = machineTicks();
    const bench = process.cpuUsage(startBench);
    const table = allProcesses();
    return {
      machineBusy: (machine.busy - startMachine.busy) / Math.max(1, machine.total - startMachine.total),
      cores,
      processes: [
        { name: 'bench:load (this process)', cores: (bench.user + bench.system) / 1e6 / seconds },
        ...startProcesses.flatMap(({ name, pid, ticks }) => {
          const now = processTicks(table, pid);
          return ticks === null || now === null ? [] : [{ name, cores: (now - ticks) / TICKS_PER_SECOND / seconds }];
        }),
      ],
    };
  };
}
