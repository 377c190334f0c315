import type { Area } from '../../core/area.ts';

/** What waits for me (`/api/my-tasks`) and the plant user's home dashboard (`/api/dashboard`). */
export const workbenchArea: Area = {
  name: 'workbench',
  routes: async () => {},
};
