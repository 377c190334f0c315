import {
  DAILY_PLAN_PERMISSIONS,
  DELIVERY_PERMISSIONS,
  DIGITAL_TWIN_PERMISSIONS,
  EQUIPMENT_NORMAL_PERMISSIONS,
  PERMISSIONS,
  QUALITY_PERMISSIONS,
  RECEIPT_PERMISSIONS,
  STOCK_INTEGRITY_PERMISSION,
  STOCK_PERMISSIONS,
  TASK_PERMISSIONS,
  labelPrinterResource,
} from '@armature/domain';

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
 * and its re-planning (not dispatching) and the digital twin, stock pages read-only with export, rebar
 * specs, the plant-side product settings and the line's machines (read only: a schedule's board shows
 * their shifts and checks a drop against them) — nothing of user or basic-data administration.
 */
export const PLANNER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter((name) => name.startsWith('productionPlan.')),
  'intelligentProcess.taskCenter.task',
  'intelligentProcess.taskCenter.task.export',
  // Re-planning released work (a breakdown's proposal, a move): the schedule is the planner's to change.
  TASK_PERMISSIONS.replan,
  'intelligentProcess.taskCenter.digitalTwinOverview',
  ...READ_PAGES.flatMap((page) => [page, `${page}.export`]),
  'basicConfig.spec.rebar',
  'basicConfig.spec.rebarMaterial',
  'superAdmin.equipmentCenter.productSetting-normal',
  EQUIPMENT_NORMAL_PERMISSIONS.read,
];

export const DEMO_KEEPER = { userName: 'keeper', name: '李库管', password: 'Keeper2026' } as const;
/** The stock keeper works on the first line too. */
export const KEEPER_PRODUCT_CODE = 'LINE1';
export const KEEPER_ROLE = { name: 'stockKeeper', description: '仓库管理员' } as const;

/** What becomes of held bars (released or returned to the mill) is the inspector's decision. */
const HOLD_DECISIONS: readonly string[] = [RECEIPT_PERMISSIONS.unhold, RECEIPT_PERMISSIONS.return];

/**
 * A stock keeper receives bars and records stock moves: every page and button of rawMaterialStock and
 * rebarFinished except the integrity check (the equipment maker's) and hold decisions — they may
 * record a receipt's inspection — and reads the rebar specs.
 */
export const KEEPER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter(
    (name) =>
      (name.startsWith('rawMaterialStock.') || name.startsWith('rebarFinished.')) &&
      name !== STOCK_INTEGRITY_PERMISSION &&
      !HOLD_DECISIONS.includes(name),
  ),
  'basicConfig.spec.rebar',
];

export const DEMO_OPERATOR = { userName: 'operator', name: '王师傅', password: 'Operator2026' } as const;
/** The operator runs machines of the first line. */
export const OPERATOR_PRODUCT_CODE = 'LINE1';
export const OPERATOR_ROLE = { name: 'operator', description: '机台操作员' } as const;

/**
 * A machine operator works from the operator page: reads tasks, starts (and resumes), pauses, reports
 * and completes or fails them, and sees the digital twin — dispatching, re-assigning and cancelling are the
 * shift lead's.
 */
export const OPERATOR_PERMISSIONS: readonly string[] = [
  TASK_PERMISSIONS.read,
  TASK_PERMISSIONS.start,
  TASK_PERMISSIONS.pause,
  TASK_PERMISSIONS.complete,
  TASK_PERMISSIONS.fail,
  TASK_PERMISSIONS.operator,
  // The tags of the bundles their completions made: PDF, ZPL, or sent to one of the line's label printers.
  TASK_PERMISSIONS.print,
  labelPrinterResource.page,
  DIGITAL_TWIN_PERMISSIONS.read,
  // The line's machines, to pick theirs on the operator page (read only).
  EQUIPMENT_NORMAL_PERMISSIONS.read,
  // The first piece and the sampled ones are checked at the machine.
  QUALITY_PERMISSIONS.read,
  QUALITY_PERMISSIONS.record,
];

export const DEMO_INSPECTOR = { userName: 'inspector', name: '赵质检', password: 'Inspector2026' } as const;
/** The quality inspector works on the first line. */
export const INSPECTOR_PRODUCT_CODE = 'LINE1';
export const INSPECTOR_ROLE = { name: 'inspector', description: '质检员' } as const;
export const DEMO_SHIFT_LEAD = { userName: 'shiftLead', name: '陈班长', password: 'ShiftLead2026' } as const;
/** The shift lead runs the first line's shifts. */
export const SHIFT_LEAD_PRODUCT_CODE = 'LINE1';
export const SHIFT_LEAD_ROLE = { name: 'shiftLead', description: '班组长' } as const;

/**
 * A shift lead hands out the line's work: reads and exports tasks, dispatches them to their machine's
 * queue, re-plans them (a machine down, a move to another eligible machine or day — from the task list or
 * a released schedule's board, which they read), cancels them and prints
 * their tags (on paper or to the line's label printers), a task's or all of a shift's or a machine's at
 * once; reads the delivery notes (the trucks their bundles leave on) and prints them, which is also what
 * prints a batch of tags; opens any machine's operator page and the
 * digital twin. Running a task is the operator's.
 */
export const SHIFT_LEAD_PERMISSIONS: readonly string[] = [
  TASK_PERMISSIONS.read,
  TASK_PERMISSIONS.export,
  TASK_PERMISSIONS.dispatch,
  TASK_PERMISSIONS.replan,
  TASK_PERMISSIONS.cancel,
  DAILY_PLAN_PERMISSIONS.read,
  TASK_PERMISSIONS.print,
  DELIVERY_PERMISSIONS.read,
  DELIVERY_PERMISSIONS.print,
  labelPrinterResource.page,
  TASK_PERMISSIONS.operator,
  DIGITAL_TWIN_PERMISSIONS.read,
  EQUIPMENT_NORMAL_PERMISSIONS.read,
];

/**
 * A quality inspector checks arriving bars (receipts: inspect, release or return held bars), reads raw
 * stock, records and reads inspections with their statistics, traces bundles and heats, sets the
 * sampling plans, and reads the tasks whose pieces they check.
 */
export const INSPECTOR_PERMISSIONS: readonly string[] = [
  RECEIPT_PERMISSIONS.read,
  RECEIPT_PERMISSIONS.inspect,
  RECEIPT_PERMISSIONS.unhold,
  RECEIPT_PERMISSIONS.return,
  STOCK_PERMISSIONS.raw.stock,
  ...Object.values(QUALITY_PERMISSIONS),
  TASK_PERMISSIONS.read,
];
