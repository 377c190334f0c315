import type { PageScreens } from '../../lib/lazy-screens.ts';

/** Production planning's screens by menu page id: demand orders (cutting plans and schedules to come). */
export const planningScreens: Record<string, PageScreens> = {
  'productionPlan.plan.demandOrder': {
    list: () => import('./demand-order-list.view.tsx'),
    add: () => import('./demand-order-form.view.tsx'),
    'update/:id': () => import('./demand-order-form.view.tsx'),
    'detail/:id': () => import('./demand-order-detail.view.tsx'),
  },
};
