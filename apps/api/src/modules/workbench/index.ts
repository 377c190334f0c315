import type { Area } from '../../core/area.ts';
import { workbenchRoutes } from './workbench.routes.ts';

/** What waits for me (`/api/my-tasks`) and the plant user's home dashboard (`/api/dashboard`). */
export const workbenchArea: Area = {
  name: 'workbench',
  routes: async (app) => {
    await app.register(workbenchRoutes);
  },
};
