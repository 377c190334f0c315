import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

export const EQUIPMENT_PAGES = {
  'superAdmin.equipmentCenter': [
    page(
      'equipmentList-admin',
      { 'zh-CN': '设备管理', 'en-US': 'Equipment (admin)', 'fr-FR': 'Équipements (admin)' },
      'DesktopOutlined',
      CRUD,
      [...EDITABLE, 'detail/:id'],
    ),
    page(
      'equipmentList-normal',
      { 'zh-CN': '我的设备', 'en-US': 'My equipment', 'fr-FR': 'Mes équipements' },
      'LaptopOutlined',
      ['export'],
      ['detail/:id'],
    ),
  ],
} as const satisfies MenuPages;
