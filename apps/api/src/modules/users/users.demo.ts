import { PERMISSIONS, STOCK_INTEGRITY_PERMISSION } from '@armature/domain';

/** Documented demo credentials (README, tests). The admin's is replaced by ADMIN_PASSWORD when set. */
export const DEMO_ADMIN = { userName: 'admin', name: '系统管理员', password: 'Armature2026' } as const;
export const DEMO_PLANNER = { userName: 'planner', name: '张计划', password: 'Planner2026' } as const;

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

export const DEMO_KEEPER = { userName: 'keeper', name: '李库管', password: 'Keeper2026' } as const;
/** The stock keeper works on the first line too. */
export const KEEPER_PRODUCT_CODE = 'LINE1';
export const KEEPER_ROLE = { name: 'stockKeeper', description: '仓库管理员' } as const;

/**
 * A stock keeper receives bars and records stock moves: every page and button of rawMaterialStock and
 * rebarFinished except the integrity check (the equipment maker's), and reads the rebar specs.
 */
export const KEEPER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter(
    (name) =>
      (name.startsWith('rawMaterialStock.') || name.startsWith('rebarFinished.')) &&
      name !== STOCK_INTEGRITY_PERMISSION,
  ),
  'basicConfig.spec.rebar',
];
