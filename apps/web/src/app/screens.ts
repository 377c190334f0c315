import type { ComponentType } from 'react';
import type { SubRoute } from '@armature/domain';

/**
 * The screens that exist, by menu page id. A page of the server's menu tree with no entry here is
 * hidden from the web menu (never a placeholder page); the router builds lazy routes from this map:
 * `list` at the page url, each sub-route (`add`, `update/:id`, `detail/:id`, `children/:id`) below it.
 */
export type ScreenModule = { default: ComponentType };
export type PageScreens = { list: () => Promise<ScreenModule> } & Partial<
  Record<SubRoute, () => Promise<ScreenModule>>
>;

export const SCREENS: Record<string, PageScreens> = {
  'basicConfig.user.personnel': {
    list: () => import('../features/rbac/personnel-list.view.tsx'),
    add: () => import('../features/rbac/personnel-form.view.tsx'),
    'update/:id': () => import('../features/rbac/personnel-form.view.tsx'),
  },
  'basicConfig.user.roles': {
    list: () => import('../features/rbac/role-list.view.tsx'),
    add: () => import('../features/rbac/role-form.view.tsx'),
    'update/:id': () => import('../features/rbac/role-form.view.tsx'),
  },
};
