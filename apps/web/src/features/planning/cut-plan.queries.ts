import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CUT_PLAN_ACTION_ENDPOINTS,
  CUT_PLAN_ENDPOINTS,
  CUT_PLAN_RUN_ENDPOINTS,
  DEMAND_ORDER_ENDPOINTS,
  isFinalJobState,
  jobProgressSchema,
  jobStateSchema,
  type CutPlanInput,
  type CutPlanStatus,
  type JobProgress,
  type JobState,
  type OptimizeSettings,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { DEMAND_ORDERS } from './planning.queries.ts';
import { saveFile } from '../../lib/browser-files.ts';

/** The API path of cutting plans (`/api/cutPlan`), also the root of their query keys. */
export const CUT_PLANS = 'cutPlan';

export const cutPlanKeys = {
  plans: () => resourceKeys.root(CUT_PLANS),
  plan: (id: string | undefined) => resourceKeys.detail(CUT_PLANS, id),
};

export const cutPlanLists = {
  plans: CUT_PLAN_ENDPOINTS.list,
};

/** Confirmed orders a new plan may take (the add page lists them; `DEMAND_ORDERS` keys, so order writes refresh it). */
const CHOOSABLE_ORDERS = 200;

export const cutPlanQueries = {
  /** The plan, the job of its current run, that run's result, every run and the status history. */
  plan: (id: string | undefined) => resourceQueries.detail(CUT_PLAN_ENDPOINTS.get, id),
  /** Orders a plan may take: confirmed, or producing with re-planned lines (`toPlan`). */
  ordersToPlan: (keyword: string) =>
    resourceQueries.list(DEMAND_ORDER_ENDPOINTS.list, {
      toPlan: 'true',
      filter: keyword.trim(),
      maxResultCount: CHOOSABLE_ORDERS,
      skipCount: 0,
      sorting: 'demandDate asc',
    }),
};

export type ExportFormat = 'xlsx' | 'pdf';

export const cutPlanMutations = {
  /** Creates a draft and starts its first run with the body's settings. */
  create: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: CutPlanInput) =>
        api.call(CUT_PLAN_ENDPOINTS.create, { params: {}, body, ...keyedBy(keyFor, body) }),
    }),
  /** Starts a run (202 `{ jobId, runId }`): the plan's settings, or these. */
  optimize: () =>
    mutationOptions({
      mutationFn: ({ id, settings }: { id: string; settings?: Partial<OptimizeSettings> }) =>
        api.call(CUT_PLAN_RUN_ENDPOINTS.optimize, { params: { id }, body: settings ?? {} }),
    }),
  /** Stops the plan's current run; the best plan found so far is kept. */
  cancelRun: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(CUT_PLAN_RUN_ENDPOINTS.cancelRun, { params: { id } }),
    }),
  approve: () =>
    mutationOptions({
      mutationFn: ({ id, runId }: { id: string; runId?: string }) =>
        api.call(CUT_PLAN_ACTION_ENDPOINTS.approve, { params: { id }, body: runId ? { runId } : {} }),
      // A 409 `cut_plan_stock_gone` is told in the screen's own dialog, which offers re-optimising.
      meta: { silent: true },
    }),
  cancel: () =>
    mutationOptions({
      mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
        api.call(CUT_PLAN_ACTION_ENDPOINTS.cancel, { params: { id }, body: { reason } }),
    }),
  remove: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(CUT_PLAN_ENDPOINTS.delete, { params: { id } }),
    }),
  /** The cut list as .xlsx or the printable PDF (with the bearer token, so not a plain link). */
  exportFile: (id: string, fallbackName: string) =>
    mutationOptions({
      mutationFn: async (format: ExportFormat) => {
        const file = await api.download(`${CUT_PLANS}/${id}/export`, { format });
        saveFile(file.blob, file.fileName ?? `${fallbackName}.${format}`);
      },
    }),
};

/** Any write changes the plan lists, the plan, the orders' planned quantities and the stock's reservations. */
export async function refreshPlans(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cutPlanKeys.plans() }),
    queryClient.invalidateQueries({ queryKey: resourceKeys.root(DEMAND_ORDERS) }),
  ]);
}

/** The live state of a run as the page shows it, merged from the stream's events. */
export type LiveJob = {
  state: JobState;
  /** 0…1, or null while unknown. */
  fraction: number | null;
  figures: JobProgress | null;
  message: string | null;
};

const jobEventSchema = z.object({
  state: jobStateSchema,
  progress: z.union([jobProgressSchema, z.number(), z.null()]).optional(),
  message: z.string().nullable().optional(),
});

/**
 * What one stream event changes in the live job: `job` events (the plan's job with its figures, or the
 * runtime's job status with a bare fraction), and any event carrying the optimiser's figures. Unknown
 * or malformed events change nothing.
 */
export function applyStreamEvent(current: LiveJob, type: string, text: string): LiveJob {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return current;
  }
  const job = jobEventSchema.safeParse(data);
  if (type === 'job' && job.success) {
    const { state, progress, message } = job.data;
    const figures = typeof progress === 'object' && progress !== null ? progress : current.figures;
    const fraction =
      typeof progress === 'number' ? progress : typeof progress === 'object' && progress ? progress.fraction : null;
    return {
      state,
      figures,
      fraction: fraction ?? (state === 'succeeded' ? 1 : current.fraction),
      message: message === undefined ? current.message : message,
    };
  }
  const figures = jobProgressSchema.safeParse(
    data !== null && typeof data === 'object' && 'progress' in data ? (data as { progress: unknown }).progress : data,
  );
  if (figures.success) return { ...current, figures: figures.data, fraction: figures.data.fraction };
  return current;
}

export const isActiveJob = (state: JobState | null | undefined) => state != null && !isFinalJobState(state);

/** Draft and cancelled plans may be deleted (an approved one is cancelled first, releasing its stock). */
export const isDeletablePlan = (plan: { status: CutPlanStatus }) =>
  plan.status === 'draft' || plan.status === 'cancelled';
