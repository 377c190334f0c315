import { screenOf, type PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

const listScreen = (variant: 'admin' | 'normal') =>
  screenOf(
    () => import('./equipment-list.view.tsx'),
    (module) => module.equipmentListScreens,
    variant,
  );
const detailScreen = (variant: 'admin' | 'normal') =>
  screenOf(
    () => import('./equipment-detail.view.tsx'),
    (module) => module.equipmentDetailScreens,
    variant,
  );

/** The equipment centre (the maker's and the plant's machine lists) and the digital twin, by menu page id. */
const screens: Record<string, PageScreens> = {
  'superAdmin.equipmentCenter.equipmentList-admin': {
    list: listScreen('admin'),
    add: () => import('./equipment-form.view.tsx'),
    'update/:id': () => import('./equipment-form.view.tsx'),
    'detail/:id': detailScreen('admin'),
  },
  'superAdmin.equipmentCenter.equipmentList-normal': {
    list: listScreen('normal'),
    'detail/:id': detailScreen('normal'),
  },
  'intelligentProcess.taskCenter.digitalTwinOverview': {
    list: () => import('./twin-board.view.tsx'),
    'detail/:id': () => import('./twin-detail.view.tsx'),
  },
};

export const equipmentArea: WebArea = { name: 'equipment', screens };
