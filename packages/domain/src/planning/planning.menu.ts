import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

export const PLANNING_PAGES = {
  'productionPlan.plan': [
    page(
      'demandOrder',
      { 'zh-CN': '需求订单', 'en-US': 'Demand orders', 'fr-FR': 'Commandes de besoins' },
      'FileTextOutlined',
      [...CRUD, 'import', 'confirm', 'cancel'],
      [...EDITABLE, 'detail/:id'],
    ),
    page(
      'cutPlan',
      { 'zh-CN': '优化加工方案', 'en-US': 'Optimal cutting plans', 'fr-FR': 'Plans de coupe optimisés' },
      'ScissorOutlined',
      ['add', 'optimize', 'approve', 'cancel', 'export', 'delete'],
      ['add', 'detail/:id'],
    ),
  ],
} as const satisfies MenuPages;

const DEMAND_ORDER_PAGE = 'productionPlan.plan.demandOrder';

/** The demand-order permissions: reading the page, and its buttons. */
export const DEMAND_ORDER_PERMISSIONS = {
  read: DEMAND_ORDER_PAGE,
  add: `${DEMAND_ORDER_PAGE}.add`,
  update: `${DEMAND_ORDER_PAGE}.update`,
  delete: `${DEMAND_ORDER_PAGE}.delete`,
  import: `${DEMAND_ORDER_PAGE}.import`,
  export: `${DEMAND_ORDER_PAGE}.export`,
  confirm: `${DEMAND_ORDER_PAGE}.confirm`,
  cancel: `${DEMAND_ORDER_PAGE}.cancel`,
} as const;

const CUT_PLAN_PAGE = 'productionPlan.plan.cutPlan';

/** The cutting-plan permissions: reading the page, and its buttons. */
export const CUT_PLAN_PERMISSIONS = {
  read: CUT_PLAN_PAGE,
  add: `${CUT_PLAN_PAGE}.add`,
  optimize: `${CUT_PLAN_PAGE}.optimize`,
  approve: `${CUT_PLAN_PAGE}.approve`,
  cancel: `${CUT_PLAN_PAGE}.cancel`,
  export: `${CUT_PLAN_PAGE}.export`,
  delete: `${CUT_PLAN_PAGE}.delete`,
} as const;
