import { PERMISSIONS } from '@armature/domain';

/** Documented demo credentials (README, tests). The admin's is replaced by ADMIN_PASSWORD when set. */
export const DEMO_ADMIN = { userName: 'admin', name: '系统管理员', password: 'Armature2026' } as const;
export const DEMO_PLANNER = { userName: 'planner', name: '张计划', password: 'Planner2026' } as const;

export const DEMO_CLIENT = { code: 'DEMO', companyName: '华东钢筋加工有限公司' } as const;
export const DEMO_PRODUCTS = [
  { code: 'LINE1', name: '一号加工线' },
  { code: 'LINE2', name: '二号加工线' },
] as const;
/** The planner works on the first line only. */
export const PLANNER_PRODUCT_CODE = 'LINE1';

export const PLANNER_ROLE = { name: 'planner', description: '计划员' } as const;

const READ_PAGES = [
  'rawMaterialStock.receiveCenter.rebarReceive',
  'rawMaterialStock.receiveCenter.rebarStock',
  'rawMaterialStock.receiveCenter.receiveStockLog',
  'rebarFinished.finished.stock',
  'rebarFinished.finished.stockLog',
  'rebarFinished.tail.stock',
  'rebarFinished.tail.stockLog',
  'rebarFinished.waste.stock',
];

/**
 * A planner plans production: every page and button of productionPlan, the task list with its export
 * and the digital twin, stock pages read-only with export, rebar specs and the plant-side product
 * settings (read only) — nothing of user or basic-data administration.
 */
export const PLANNER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter((name) => name.startsWith('productionPlan.')),
  'intelligentProcess.taskCenter.task',
  'intelligentProcess.taskCenter.task.export',
  'intelligentProcess.taskCenter.digitalTwinOverview',
  ...READ_PAGES.flatMap((page) => [page, `${page}.export`]),
  'basicConfig.spec.rebar',
  'basicConfig.spec.rebarMaterial',
  'superAdmin.equipmentCenter.productSetting-normal',
];
