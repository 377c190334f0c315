import type { PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

/** Personnel and roles, by menu page id. */
const screens: Record<string, PageScreens> = {
  'basicConfig.user.personnel': {
    list: () => import('./personnel-list.view.tsx'),
    add: () => import('./personnel-form.view.tsx'),
    'update/:id': () => import('./personnel-form.view.tsx'),
  },
  'basicConfig.user.roles': {
    list: () => import('./role-list.view.tsx'),
    add: () => import('./role-form.view.tsx'),
    'update/:id': () => import('./role-form.view.tsx'),
  },
};

export const usersArea: WebArea = { name: 'users', screens };
