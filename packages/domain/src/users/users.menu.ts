import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

export const USERS_PAGES = {
  'basicConfig.user': [
    page(
      'personnel',
      { 'zh-CN': '人员', 'en-US': 'Personnel', 'fr-FR': 'Personnel' },
      'UserOutlined',
      [...CRUD, 'resetPassword'],
      EDITABLE,
    ),
    page(
      'roles',
      { 'zh-CN': '角色', 'en-US': 'Roles', 'fr-FR': 'Rôles' },
      'SafetyOutlined',
      [...CRUD, 'permission'],
      EDITABLE,
    ),
  ],
} as const satisfies MenuPages;
