import { BOM_PERMISSIONS, sparePartResource } from '@armature/domain';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';
import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { SPARE_PART_VIEW } from './spare-part.view-config.ts';

/** The BOM centre's screens by menu page id: parts library, design, manufacturing and digital-twin BOMs, PLC tasks. */
const screens: Record<string, PageScreens> = {
  ...resourcePageScreens(sparePartResource, {
    view: SPARE_PART_VIEW,
    own: { detail: () => import('./part-detail.view.tsx') },
  }),
  [BOM_PERMISSIONS.design]: {
    list: () => import('./design-bom-list.view.tsx'),
    add: () => import('./design-bom-form.view.tsx'),
    'update/:id': () => import('./design-bom-form.view.tsx'),
    'detail/:id': () => import('./design-bom-detail.view.tsx'),
    'children/:id': () => import('./subtree.view.tsx'),
  },
  [BOM_PERMISSIONS.make]: {
    list: () => import('./make-bom-list.view.tsx'),
    'detail/:id': () => import('./make-bom-detail.view.tsx'),
  },
  [BOM_PERMISSIONS.twin]: {
    list: () => import('./twin-bom-list.view.tsx'),
    add: () => import('./twin-bom-form.view.tsx'),
    'update/:id': () => import('./twin-bom-form.view.tsx'),
  },
  [BOM_PERMISSIONS.plc]: { list: () => import('./plc-task-list.view.tsx') },
};

export const bomArea: WebArea = { name: 'bom', screens };
