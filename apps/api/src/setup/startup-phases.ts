/**
 * The CPU seconds each phase of a start cost, logged when the server listens (`startup` in its
 * "listening" line): where a slow restart goes, without a profiler, and what `npm run bench:start` reads.
 * CPU rather than wall time: on a loaded machine the wall time mostly measures the other processes.
 */
export type StartupPhases = ReturnType<typeof startupPhases>;

export function startupPhases() {
  const cpuSeconds = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  // Node's own start and the modules imported before the first line of the entry ran.
  const phases: Record<string, number> = { modules: round(cpuSeconds()) };
  let last = cpuSeconds();
  return {
    /** Ends a phase: the CPU spent since the previous mark, under `name`. */
    mark(name: string) {
      const now = cpuSeconds();
      phases[name] = round(now - last);
      last = now;
    },
    /** Every phase, and their total. */
    done(): Record<string, number> {
      return { ...phases, total: round(cpuSeconds()) };
    },
  };
}
