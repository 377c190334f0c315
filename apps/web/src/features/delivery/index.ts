import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

/** Delivery notes (finished bundles sent to a site), by menu page id. */
const screens: Record<string, PageScreens> = {
  'rebarFinished.finished.delivery': {
    list: () => import('./delivery-list.view.tsx'),
    add: () => import('./delivery-form.view.tsx'),
    'detail/:id': () => import('./delivery-detail.view.tsx'),
  },
};

export const deliveryArea: WebArea = { name: 'delivery', screens };
