import { vehicleResource } from '@armature/domain';
import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';

/** Delivery notes (finished bundles sent to a site) and the trucks, by menu page id. */
const screens: Record<string, PageScreens> = {
  'rebarFinished.finished.delivery': {
    list: () => import('./delivery-list.view.tsx'),
    add: () => import('./delivery-form.view.tsx'),
    'detail/:id': () => import('./delivery-detail.view.tsx'),
  },
  ...resourcePageScreens(vehicleResource),
};

export const deliveryArea: WebArea = { name: 'delivery', screens };
