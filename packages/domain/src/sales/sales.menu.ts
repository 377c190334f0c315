import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

/**
 * The maker's sales and service (the specification's "sales clues" and "client maintenance"): leads
 * to new plants, and maintenance visits to the machines it sold.
 */
export const SALES_PAGES = {
  'superAdmin.salesCenter': [
    page(
      'salesClue',
      { 'zh-CN': '销售线索', 'en-US': 'Sales leads', 'fr-FR': 'Pistes commerciales' },
      'FunnelPlotOutlined',
      // convert: a won lead becomes a client.
      [...CRUD, 'convert'],
      [...EDITABLE, 'detail/:id'],
      true,
    ),
    page(
      'clientMaintenance',
      { 'zh-CN': '客户维护', 'en-US': 'Client maintenance', 'fr-FR': 'Maintenance clients' },
      'CustomerServiceOutlined',
      CRUD,
      [...EDITABLE, 'detail/:id'],
      true,
    ),
  ],
} as const satisfies MenuPages;

const SALES_LEAD_PAGE = 'superAdmin.salesCenter.salesClue';
const MAINTENANCE_PAGE = 'superAdmin.salesCenter.clientMaintenance';

export const SALES_LEAD_PERMISSIONS = {
  read: SALES_LEAD_PAGE,
  add: `${SALES_LEAD_PAGE}.add`,
  update: `${SALES_LEAD_PAGE}.update`,
  delete: `${SALES_LEAD_PAGE}.delete`,
  export: `${SALES_LEAD_PAGE}.export`,
  convert: `${SALES_LEAD_PAGE}.convert`,
} as const;

export const MAINTENANCE_VISIT_PERMISSIONS = {
  read: MAINTENANCE_PAGE,
  add: `${MAINTENANCE_PAGE}.add`,
  update: `${MAINTENANCE_PAGE}.update`,
  delete: `${MAINTENANCE_PAGE}.delete`,
  export: `${MAINTENANCE_PAGE}.export`,
} as const;

/** Converting a lead creates a client: like adding one, only the maker's administrators do it. */
export const SALES_ADMIN_ONLY_PERMISSIONS = [SALES_LEAD_PERMISSIONS.convert] as const;
