import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

/** Production planning's screens by menu page id: demand orders and cutting plans (schedules to come). */
const screens: Record<string, PageScreens> = {
  'productionPlan.plan.demandOrder': {
    list: () => import('./demand-order-list.view.tsx'),
    add: () => import('./demand-order-form.view.tsx'),
    'update/:id': () => import('./demand-order-form.view.tsx'),
    'detail/:id': () => import('./demand-order-detail.view.tsx'),
  },
  'productionPlan.plan.cutPlan': {
    list: () => import('./cut-plan-list.view.tsx'),
    add: () => import('./cut-plan-form.view.tsx'),
    'detail/:id': () => import('./cut-plan-detail.view.tsx'),
  },
};

export const planningArea: WebArea = { name: 'planning', screens };
