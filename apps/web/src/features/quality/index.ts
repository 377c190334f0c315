import type { PageScreens } from '../../lib/lazy-screens.ts';

/** Inspection records and statistics, traceability and sampling plans, by menu page id. */
export const qualityScreens: Record<string, PageScreens> = {
  'intelligentProcess.quality.inspection': {
    list: () => import('./inspection-list.view.tsx'),
    'detail/:id': () => import('./inspection-detail.view.tsx'),
  },
  'intelligentProcess.quality.trace': {
    list: () => import('./trace.view.tsx'),
  },
  'intelligentProcess.quality.samplingPlan': {
    list: () => import('./sampling-plan.view.tsx'),
  },
};

export { qualitySlots } from './quality-record-slots.ts';
