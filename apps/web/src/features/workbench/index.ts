import { lazyView } from '../../lib/lazy-screens.ts';

/**
 * The user's day: the plant user's home dashboard and what waits for them. Not menu pages
 * (every signed-in user has them); the app places them at DASHBOARD_PATH and MY_TASKS_PATH.
 */
export const workbenchScreens = {
  dashboard: lazyView(
    () => import('./dashboard.view.tsx'),
    (module) => module.DashboardView,
  ),
  myTasks: lazyView(
    () => import('./my-tasks.view.tsx'),
    (module) => module.MyTasksView,
  ),
};
