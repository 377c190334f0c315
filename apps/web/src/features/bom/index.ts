import { BOM_PERMISSIONS } from '@armature/domain';
import { screenOf, type PageScreens } from '../../lib/lazy-screens.ts';

const partScreen = (key: 'list' | 'form') =>
  screenOf(
    () => import('./spare-part-screens.tsx'),
    (module) => ({ list: module.SparePartListView, form: module.SparePartFormView }),
    key,
  );

/** The BOM centre's screens by menu page id: parts library, design, manufacturing and digital-twin BOMs, PLC tasks. */
export const bomScreens: Record<string, PageScreens> = {
  [BOM_PERMISSIONS.parts]: {
    list: partScreen('list'),
    add: partScreen('form'),
    'update/:id': partScreen('form'),
    'detail/:id': () => import('./part-detail.view.tsx'),
  },
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
