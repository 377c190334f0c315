/**
 * A queue that runs its tasks one after another, each once the previous one settled: for work whose memory is
 * large while it runs (reading an uploaded workbook), so that parallel requests take turns instead of adding up.
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
