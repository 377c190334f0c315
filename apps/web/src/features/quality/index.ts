import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { qualitySlots } from './quality-record-slots.ts';

/** Inspection records and statistics, traceability and sampling plans, by menu page id. */
const screens: Record<string, PageScreens> = {
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

export const qualityArea: WebArea = { name: 'quality', screens, slots: qualitySlots };
