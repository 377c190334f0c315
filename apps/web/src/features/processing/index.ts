import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

/** Daily schedules, machine tasks and the operator's page, by menu page id. */
const screens: Record<string, PageScreens> = {
  'productionPlan.plan.dailyPlan': {
    list: () => import('./daily-plan-list.view.tsx'),
    add: () => import('./daily-plan-form.view.tsx'),
    'detail/:id': () => import('./daily-plan-detail.view.tsx'),
  },
  'intelligentProcess.taskCenter.task': {
    list: () => import('./task-list.view.tsx'),
    'detail/:id': () => import('./task-detail.view.tsx'),
  },
  'intelligentProcess.taskCenter.operator': {
    list: () => import('./operator.view.tsx'),
  },
};

export const processingArea: WebArea = { name: 'processing', screens };
