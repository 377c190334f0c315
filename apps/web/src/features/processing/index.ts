import { TASK_PERMISSIONS, labelPrinterResource, pageUrlOf } from '@armature/domain';
import type { PageScreens } from '../../lib/lazy-screens.ts';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { processingSlots } from './processing-provided-slots.ts';

/** Daily schedules, machine tasks, the operator's page and the label printers, by menu page id. */
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
  ...resourcePageScreens(labelPrinterResource),
};

export const processingArea: WebArea = {
  name: 'processing',
  screens,
  slots: processingSlots,
  // Operators (who run tasks on the operator page) start on their machine's queue, not on a dashboard.
  home: (holds) =>
    holds(TASK_PERMISSIONS.operator) && holds(TASK_PERMISSIONS.start)
      ? pageUrlOf(TASK_PERMISSIONS.operator)
      : undefined,
};
