import { bvbsRecord, nextDay, nominalUnitWeight, plantDayOf, type DemandImportPreview } from '@armature/domain';
import { RequestFailed } from '../http.ts';
import { readStream } from '../sse.ts';
import { between, loop, pick, think, type VirtualUser } from './context.ts';

/** The optimiser's time limit per spec group: a planner waits for the result, so a short one. */
const TIME_LIMIT_S = 2;
/** How long a plan may take from creation to its result before the step counts as failed. */
const OPTIMISE_TIMEOUT_MS = 180_000;

type CutPlan = { id: string; status: string; currentRunId: string | null; job: { state: string } | null };
type DailyPlan = {
  id: string;
  unscheduled: unknown[];
  evaluation: { problems: unknown[] };
  jobs: { taskId: string | null; kind: string }[];
};

/**
 * A planner: browses the orders, imports a bar bending schedule (a BVBS file through the preview, then
 * saved as the preview answered it), confirms it, makes a cutting plan of it and follows its
 * optimisation on the plan's stream, approves it, lays it into a daily schedule, releases that and —
 * as the shift lead — dispatches what the release left pending to the machines, where the operators take them.
 */
export async function planner(user: VirtualUser): Promise<void> {
  await think(user, 0, 20);
  await loop(user, async () => {
    await planCycle(user);
    await think(user, 20, 60);
  });
}

/** One order from file to dispatched tasks; answers how many tasks it dispatched. */
export async function planCycle(user: VirtualUser, pause = true): Promise<number> {
  const { api, line } = user;
  const rest = (minS: number, maxS: number) => (pause ? think(user, minS, maxS) : Promise.resolve());
  await api.get('read-list', 'demandOrder?maxResultCount=20');

  const form = new FormData();
  form.append('file', new Blob([scheduleFile(user)], { type: 'text/plain' }), 'schedule.abs');
  const preview = await api.call<DemandImportPreview>({
    routeClass: 'import',
    method: 'POST',
    path: 'demandOrder/import/preview',
    form,
  });
  await rest(3, 8);
  const today = plantDayOf(Date.now(), line.timeZone);
  const order = await api.post<{ id: string }>('write-plan', 'demandOrder', {
    project: preview.project ?? 'Load bench',
    element: `Element ${between(user, 1, 400)}`,
    demandDate: nextDay(today, between(user, 3, 14)),
    source: 'bvbs',
    lines: preview.lines,
  });
  await api.post('write-plan', `demandOrder/${order.id}/confirm`);
  await rest(2, 5);

  const optimiseStarted = performance.now();
  const created = await api.post<CutPlan>('write-plan', 'cutPlan', {
    demandOrderIds: [order.id],
    // Bought lengths only: nothing is reserved, so planners of one line never race for the same bars
    // (that 409 is the plan's answer to a real shortage, not load); cutting then consumes raw stock.
    sources: { raw: false, tails: false, purchase: true },
    timeLimitS: TIME_LIMIT_S,
  });
  await followOptimisation(user, created.id, optimiseStarted);
  const plan = await api.get<CutPlan>('read-detail', `cutPlan/${created.id}`);
  await rest(3, 8);
  await api.post('write-plan', `cutPlan/${plan.id}/approve`, { runId: plan.currentRunId });
  await rest(2, 5);

  const schedule = await api.post<DailyPlan>('write-plan', 'dailyPlan', {
    firstDay: today,
    days: 3,
    cutPlanIds: [plan.id],
    machineIds: line.machineIds,
  });
  if (schedule.unscheduled.length > 0 || schedule.evaluation.problems.length > 0) {
    const message = `${schedule.unscheduled.length} unscheduled jobs, ${schedule.evaluation.problems.length} problems`;
    user.metrics.error('write-plan', 'POST /api/dailyPlan', 200, 'schedule_not_releasable', message);
    throw new RequestFailed(200, 'schedule_not_releasable', message);
  }
  await rest(2, 5);
  const released = await api.post<DailyPlan>('write-plan', `dailyPlan/${schedule.id}/release`);
  // A line that dispatches on release (the default) has queued them already; the others wait for the shift lead.
  const waiting = await api.get<{ items: { id: string }[] }>(
    'read-list',
    `task?dailyPlanId=${released.id}&status=pending&maxResultCount=1000`,
  );
  for (const task of waiting.items) await api.post('write-task', `task/${task.id}/dispatch`);
  return released.jobs.filter((job) => job.taskId).length;
}

/**
 * Waits on the plan's event stream for its run's result; the time from the POST to the first result is
 * `plan-optimise`. The planner then waits for the run's job to end as well: a plan is approved once its
 * run is done (409 `cut_plan_job_active` before), and on a loaded machine the job's end can trail its
 * first result by seconds.
 */
async function followOptimisation(user: VirtualUser, planId: string, started: number) {
  const signal = AbortSignal.any([user.stop, AbortSignal.timeout(OPTIMISE_TIMEOUT_MS)]);
  let resultAt: number | undefined;
  let ended: string | undefined;
  await readStream(user.api.session, user.metrics, `cutPlan/${planId}/events`, signal, ({ event, data }) => {
    if (event === 'result') resultAt ??= performance.now();
    if (event === 'job' && data !== 'null') {
      const state = (JSON.parse(data) as { state: string }).state;
      if (state === 'succeeded' || state === 'failed' || state === 'cancelled') ended = state;
    }
    return ended !== undefined;
  });
  const outcome = resultAt !== undefined || ended === 'succeeded' ? 'succeeded' : (ended ?? 'timeout');
  // The run ended while the plan optimised: not a measurement, not a failure.
  if (outcome === 'timeout' && user.stop.aborted) throw new RequestFailed(0, 'run_over', 'the run ended');
  user.metrics.record('plan-optimise', (resultAt ?? performance.now()) - started);
  if (outcome !== 'succeeded') {
    user.metrics.error('plan-optimise', 'cutPlan run', 0, `optimisation_${outcome}`, `plan ${planId}: ${outcome}`);
    throw new RequestFailed(0, `optimisation_${outcome}`, `plan ${planId}: ${outcome}`);
  }
}

/**
 * A bar bending schedule as a detailer sends it: 8–30 straight bars of the line's order specs. Straight
 * only: a bent line adds a bend task that may start only once its cut task has cut, an ordering the
 * operators here do not follow (they would meet 409 `task_waits_for_cut`).
 */
function scheduleFile(user: VirtualUser): string {
  const lines = between(user, 8, 30);
  const drawing = `LB-${between(user, 1, 999)}`;
  let text = '';
  for (let index = 0; index < lines; index++) {
    const spec = pick(user, user.line.orderSpecs);
    const length = between(user, 10, 80) * 100;
    text += `${bvbsRecord({
      project: 'Load bench tower',
      drawing,
      mark: `P${index + 1}`,
      length,
      quantity: between(user, 4, 40),
      weightPerPiece: Math.round((length / 1000) * nominalUnitWeight(spec.diameter) * 1000) / 1000,
      diameter: spec.diameter,
      grade: spec.grade,
      mandrel: null,
      legs: [],
      coupler: false,
      privateBlock: null,
    })}\r\n`;
  }
  return text;
}
