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
  /** An operator's queued tasks are those of the machine the server keeps for them (chosen on the operator page). */
  myTasks: () =>
    queryOptions({
      queryKey: [MY_TASKS] as const,
      queryFn: ({ signal }) => api.get(MY_TASKS, myTasksSchema, undefined, { signal }),
      refetchInterval: REFRESH_MS,
    }),
};
