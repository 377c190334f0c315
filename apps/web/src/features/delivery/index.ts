import type { PageScreens } from '../../lib/lazy-screens.ts';

/** Delivery notes (finished bundles sent to a site), by menu page id. */
export const deliveryScreens: Record<string, PageScreens> = {
  'rebarFinished.finished.delivery': {
    list: () => import('./delivery-list.view.tsx'),
    add: () => import('./delivery-form.view.tsx'),
    'detail/:id': () => import('./delivery-detail.view.tsx'),
  },
};
