import { queryOptions } from '@tanstack/react-query';
import { WORKBENCH_ENDPOINTS } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

const DASHBOARD = 'dashboard';
const MY_TASKS = 'my-tasks';

/** The home page is left open on a plant's screen: it refreshes itself each minute. */
const REFRESH_MS = 60_000;

export const workbenchQueries = {
  dashboard: () =>
    queryOptions({
      queryKey: [DASHBOARD] as const,
      queryFn: ({ signal }) => api.call(WORKBENCH_ENDPOINTS.dashboard, { params: {}, signal }),
      refetchInterval: REFRESH_MS,
    }),
  /** An operator's queued tasks are those of the machine the server keeps for them (chosen on the operator page). */
  myTasks: () =>
    queryOptions({
      queryKey: [MY_TASKS] as const,
      queryFn: ({ signal }) => api.call(WORKBENCH_ENDPOINTS.myTasks, { params: {}, signal }),
      refetchInterval: REFRESH_MS,
    }),
};
