import { vehicleResource } from '@armature/domain';
import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';

/**
 * Delivery notes (finished bundles sent to a site), the day's load plans, loading a truck by scan, the
 * proof of delivery, and the trucks, by menu page id.
 */
const screens: Record<string, PageScreens> = {
  'rebarFinished.finished.delivery': {
    list: () => import('./delivery-list.view.tsx'),
    add: () => import('./delivery-form.view.tsx'),
    'detail/:id': () => import('./delivery-detail.view.tsx'),
    // `children/loads`: the day's load plans; `children/{plan id}?truck=N`: loading that truck by scan.
    'children/:id': () => import('./load-screens.view.tsx'),
  },
  ...resourcePageScreens(vehicleResource),
};

export const deliveryArea: WebArea = { name: 'delivery', screens };
