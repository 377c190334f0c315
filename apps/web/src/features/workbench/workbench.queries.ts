import { queryOptions } from '@tanstack/react-query';
import { dashboardSchema, myTasksSchema } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

const DASHBOARD = 'dashboard';
const MY_TASKS = 'my-tasks';

/** The home page is left open on a plant's screen: it refreshes itself each minute. */
const REFRESH_MS = 60_000;

export const workbenchQueries = {
  dashboard: () =>
    queryOptions({
      queryKey: [DASHBOARD] as const,
      queryFn: ({ signal }) => api.get(DASHBOARD, dashboardSchema, undefined, { signal }),
      refetchInterval: REFRESH_MS,
    }),
  /** `machineId`: the operator's machine (chosen on the operator page), whose queued tasks are theirs. */
  myTasks: (machineId: string | undefined) =>
    queryOptions({
      queryKey: [MY_TASKS, machineId ?? null] as const,
      queryFn: ({ signal }) => api.get(MY_TASKS, myTasksSchema, { machineId }, { signal }),
      refetchInterval: REFRESH_MS,
    }),
};
