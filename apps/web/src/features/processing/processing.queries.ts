import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CUT_PLAN_ENDPOINTS,
  DAILY_PLAN_ACTION_ENDPOINTS,
  DAILY_PLAN_ENDPOINTS,
  TASK_ACTION_ENDPOINTS,
  TASK_ENDPOINTS,
  REPLAN_ENDPOINTS,
  MAX_PAGE_SIZE,
  EQUIPMENT_NORMAL_ENDPOINTS,
  OPERATOR_QUEUE_NEXT,
  type DailyPlanCreateInput,
  type DailyPlanMoveInput,
  type Task,
  type TaskAction,
  type TaskBulkAction,
  type ReplanApplyInput,
  type ReplanRequestInput,
  machineLabel,
} from '@armature/domain';
import { ApiError, api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';

/** The API paths of daily schedules and tasks (`/api/dailyPlan`, `/api/task`), also their query keys' roots. */
export const DAILY_PLANS = 'dailyPlan';
export const TASKS = 'task';
const CUT_PLANS = 'cutPlan';

export const processingKeys = {
  plans: () => resourceKeys.root(DAILY_PLANS),
  plan: (id: string | undefined) => resourceKeys.detail(DAILY_PLANS, id),
  tasks: () => resourceKeys.root(TASKS),
  task: (id: string | undefined) => resourceKeys.detail(TASKS, id),
  queue: (equipmentId: string | undefined) => [TASKS, 'queue', equipmentId] as const,
};

export const processingLists = {
  plans: DAILY_PLAN_ENDPOINTS.list,
  tasks: TASK_ENDPOINTS.list,
};

/** Approved plans a schedule may take (the add page lists them). */
const CHOOSABLE_PLANS = 100;

/** How often the operator's queue is read again: progress follows the machine's counters. */
export const QUEUE_POLL_MS = 3_000;

export const processingQueries = {
  plan: (id: string | undefined) => resourceQueries.detail(DAILY_PLAN_ENDPOINTS.get, id),
  task: (id: string | undefined) => resourceQueries.detail(TASK_ENDPOINTS.get, id),
  /** The current product's machines (the plant's equipment list; planners without it schedule on all). */
  // A user without the equipment list (a planner) is answered 403: the screens then do without.
  machines: () => ({ ...resourceQueries.all(EQUIPMENT_NORMAL_ENDPOINTS.all), retry: false, meta: { silent: true } }),
  /**
   * The machines an operator picks from: the line's machines, or — for an operator who may not read
   * the equipment list — the machines of the tasks not yet ended.
   */
  operatorMachines: () =>
    queryOptions({
      queryKey: [TASKS, 'machines'] as const,
      queryFn: async ({ signal }): Promise<OperatorMachine[]> => {
        try {
          return await api.call(EQUIPMENT_NORMAL_ENDPOINTS.all, { params: {}, signal });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 403)) throw error;
        }
        const page = await api.call(TASK_ENDPOINTS.list, {
          params: {},
          query: {
            status: OPEN_TASK_STATUSES,
            maxResultCount: MAX_PAGE_SIZE,
            skipCount: 0,
            sorting: 'equipmentName asc',
          },
          signal,
        });
        return machinesOfTasks(page.items);
      },
    }),
  approvedCutPlans: () =>
    resourceQueries.list(CUT_PLAN_ENDPOINTS.list, {
      status: 'approved',
      maxResultCount: CHOOSABLE_PLANS,
      skipCount: 0,
      sorting: 'creationTime desc',
    }),
  /**
   * A machine's queue for its operator: running and paused tasks and the next dispatched ones (a machine
   * dispatched far ahead would otherwise send its whole backlog every few seconds); `dispatchedCount` says how
   * many more wait.
   */
  queue: (equipmentId: string | undefined) =>
    queryOptions({
      queryKey: processingKeys.queue(equipmentId),
      queryFn: ({ signal }) =>
        api.call(TASK_ENDPOINTS.queue, { params: {}, query: { equipmentId, next: OPERATOR_QUEUE_NEXT }, signal }),
      enabled: equipmentId !== undefined,
      refetchInterval: QUEUE_POLL_MS,
    }),
};

/** A machine as the operator's picker shows it. */
export type OperatorMachine = { id: string; name: string; serialNumber: string };

const OPEN_TASK_STATUSES = ['pending', 'dispatched', 'running', 'paused'] as const;

/** A task's machine as people read it (name and serial number). */
export const taskMachine = (task: Pick<Task, 'equipmentName' | 'serialNumber'>) =>
  machineLabel({ name: task.equipmentName, serialNumber: task.serialNumber });

/** The machines of some tasks, each once, in the order they first appear. */
export function machinesOfTasks(
  tasks: readonly Pick<Task, 'equipmentId' | 'equipmentName' | 'serialNumber'>[],
): OperatorMachine[] {
  const machines = new Map<string, OperatorMachine>();
  for (const task of tasks) {
    if (!machines.has(task.equipmentId))
      machines.set(task.equipmentId, {
        id: task.equipmentId,
        name: task.equipmentName,
        serialNumber: task.serialNumber,
      });
  }
  return [...machines.values()];
}

/** A write with an idempotency key: the same body again (a double tap, a retry) is applied once. */

export const dailyPlanMutations = {
  create: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: DailyPlanCreateInput) =>
        api.call(DAILY_PLAN_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  autoSchedule: () =>
    mutationOptions({
      mutationFn: ({ id, concurrencyStamp }: { id: string; concurrencyStamp: string | null }) =>
        api.call(DAILY_PLAN_ACTION_ENDPOINTS.autoSchedule, {
          params: { id },
          body: { clearPins: false, concurrencyStamp },
        }),
    }),
  /** Queues the optimiser (202): its progress and result follow on the schedule's events. */
  optimise: () =>
    mutationOptions({
      mutationFn: ({ id, concurrencyStamp }: { id: string; concurrencyStamp: string | null }) =>
        api.call(DAILY_PLAN_ENDPOINTS.optimise, { params: { id }, body: { clearPins: false, concurrencyStamp } }),
    }),
  cancelOptimise: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(DAILY_PLAN_ENDPOINTS.cancelOptimise, { params: { id } }),
    }),
  move: () =>
    mutationOptions({
      mutationFn: ({ id, move }: { id: string; move: DailyPlanMoveInput }) =>
        api.call(DAILY_PLAN_ACTION_ENDPOINTS.move, { params: { id }, body: move }),
    }),
  release: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(DAILY_PLAN_ACTION_ENDPOINTS.release, { params: { id } }),
    }),
  cancel: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(DAILY_PLAN_ACTION_ENDPOINTS.cancel, { params: { id } }),
    }),
  remove: () =>
    mutationOptions({ mutationFn: (id: string) => api.call(DAILY_PLAN_ENDPOINTS.delete, { params: { id } }) }),
};

/** The body each task action sends (`fail` says why). */
export type TaskActionInput = { id: string; action: TaskAction; reason?: string };

export const taskMutations = {
  /** dispatch, start, pause, resume, cancel, fail{reason}, complete — each with its own key per body. */
  act: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: ({ id, action, reason = '' }: TaskActionInput) =>
        action === 'fail'
          ? api.call(TASK_ACTION_ENDPOINTS.fail, {
              params: { id },
              body: { reason },
              ...keyedBy(keyFor, { id, action, reason }),
            })
          : api.call(TASK_ACTION_ENDPOINTS[action], { params: { id }, ...keyedBy(keyFor, { id, action }) }),
    }),
  /** Cumulative progress: bars or pieces done so far, and scrap so far. */
  report: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: ({ id, done, scrap }: { id: string; done: number; scrap?: number }) =>
        api.call(TASK_ACTION_ENDPOINTS.report, {
          params: { id },
          body: { done, scrap },
          ...keyedBy(keyFor, { id, done, scrap }),
        }),
    }),
  /** The task list's bulk actions: an outcome per task (some may be refused while the others go through). */
  bulk: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: ({ action, ids }: { action: TaskBulkAction; ids: string[] }) =>
        api.call(TASK_ENDPOINTS.bulk[action], { params: {}, body: { ids }, ...keyedBy(keyFor, { action, ids }) }),
    }),
  /**
   * What a re-plan (a machine down, tasks moved by hand) would change and cost; its own errors (nothing
   * to move, a started task) are shown in the proposal's dialog.
   */
  replanPreview: () =>
    mutationOptions({
      mutationFn: (body: ReplanRequestInput) => api.call(REPLAN_ENDPOINTS.preview, { params: {}, body }),
      meta: { silent: true },
    }),
  /** Applies the proposal read (its stamp); a stale one (409 `replan_stale`) is shown by the dialog. */
  replanApply: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: ReplanApplyInput) =>
        api.call(REPLAN_ENDPOINTS.apply, { params: {}, body, ...keyedBy(keyFor, body) }),
      meta: { silent: true },
    }),
  /** What a scanned text (a tag's URL, a task code) opens, on the operator's machine. */
  resolve: () =>
    mutationOptions({
      mutationFn: ({ code, equipmentId }: { code: string; equipmentId?: string }) =>
        api.call(TASK_ENDPOINTS.resolve, { params: {}, query: { code, equipmentId } }),
      meta: { silent: true },
    }),
};

/** A schedule's writes change its tasks, the cutting plans it takes, and the schedule lists. */
export async function refreshProcessing(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: processingKeys.plans() }),
    queryClient.invalidateQueries({ queryKey: processingKeys.tasks() }),
    queryClient.invalidateQueries({ queryKey: resourceKeys.root(CUT_PLANS) }),
  ]);
}
