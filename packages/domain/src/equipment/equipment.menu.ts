import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

export const EQUIPMENT_PAGES = {
  'superAdmin.equipmentCenter': [
    page(
      'equipmentList-admin',
      { 'zh-CN': '设备管理', 'en-US': 'Equipment (admin)', 'fr-FR': 'Équipements (admin)' },
      'DesktopOutlined',
      [...CRUD, 'credentials', 'status'],
      [...EDITABLE, 'detail/:id'],
      // Every machine of every client, with its MQTT credentials: the maker's.
      true,
    ),
    page(
      'equipmentList-normal',
      { 'zh-CN': '我的设备', 'en-US': 'My equipment', 'fr-FR': 'Mes équipements' },
      'LaptopOutlined',
      ['export', 'update', 'status'],
      ['detail/:id'],
    ),
  ],
} as const satisfies MenuPages;

const ADMIN_PAGE = 'superAdmin.equipmentCenter.equipmentList-admin';
const NORMAL_PAGE = 'superAdmin.equipmentCenter.equipmentList-normal';

/** The maker's equipment permissions (`/api/equipment`); reading the admin page also shows the ingest stats. */
export const EQUIPMENT_PERMISSIONS = {
  read: ADMIN_PAGE,
  add: `${ADMIN_PAGE}.add`,
  update: `${ADMIN_PAGE}.update`,
  delete: `${ADMIN_PAGE}.delete`,
  export: `${ADMIN_PAGE}.export`,
  credentials: `${ADMIN_PAGE}.credentials`,
  status: `${ADMIN_PAGE}.status`,
} as const;

/** A plant's equipment permissions (`/api/equipment/normal`): its current client's machines. */
export const EQUIPMENT_NORMAL_PERMISSIONS = {
  read: NORMAL_PAGE,
  export: `${NORMAL_PAGE}.export`,
  update: `${NORMAL_PAGE}.update`,
  status: `${NORMAL_PAGE}.status`,
} as const;
