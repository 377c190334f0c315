import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';
import { resourcePage } from '../core/resources/resource-page.ts';
import { labelPrinterResource } from './label-printer.resource.ts';
import { vehicleResource } from './vehicle.resource.ts';

export const PROCESSING_PAGES = {
  // The daily schedules sit in the planning menu, after planning's pages (the catalogue places
  // processing's pages after planning's), though processing owns them.
  'productionPlan.plan': [
    page(
      'dailyPlan',
      { 'zh-CN': '生产排程', 'en-US': 'Production schedule', 'fr-FR': 'Ordonnancement' },
      'CarryOutOutlined',
      ['add', 'update', 'delete', 'export', 'release', 'cancel'],
      ['add', 'detail/:id'],
    ),
  ],
  'intelligentProcess.taskCenter': [
    page(
      'task',
      { 'zh-CN': '任务列表', 'en-US': 'Tasks', 'fr-FR': 'Tâches' },
      'UnorderedListOutlined',
      ['export', 'dispatch', 'replan', 'start', 'pause', 'complete', 'fail', 'cancel', 'print'],
      ['detail/:id'],
    ),
    page(
      'operator',
      { 'zh-CN': '机台作业', 'en-US': 'Machine operator', 'fr-FR': 'Poste opérateur' },
      'MobileOutlined',
      [],
      [],
    ),
    page(
      'digitalTwinOverview',
      { 'zh-CN': '数字孪生总览', 'en-US': 'Digital-twin overview', 'fr-FR': 'Vue du jumeau numérique' },
      'DashboardOutlined',
      [],
      // A machine's detail: its state timeline, counters, alarms and OEE per shift for a plant day.
      ['detail/:id'],
    ),
    // The tag printers the operators and the dispatch office send ZPL to.
    resourcePage(labelPrinterResource, 'PrinterOutlined', CRUD, EDITABLE),
  ],
  'rebarFinished.finished': [
    page(
      'delivery',
      { 'zh-CN': '发货单', 'en-US': 'Delivery notes', 'fr-FR': 'Bons de livraison' },
      'CarOutlined',
      ['add', 'export', 'print'],
      ['add', 'detail/:id'],
    ),
    // The trucks the load plans fill.
    resourcePage(vehicleResource, 'TruckOutlined', CRUD, EDITABLE),
  ],
} as const satisfies MenuPages;

const TASK_PAGE = 'intelligentProcess.taskCenter.task';

/**
 * Machine-task permissions. An operator's phone page (`operator`) shows a machine's queue; what they
 * may do there is these buttons: `start` (and resume), `pause`, `complete` (progress reports too),
 * `fail`. `dispatch` and `cancel` are the shift lead's, `print` the bundle tags. `replan` (a breakdown's
 * proposal, moving tasks to another machine or day) is the shift lead's and the planner's: it changes the
 * released schedule, not who runs what now, so it is not `dispatch`.
 */
export const TASK_PERMISSIONS = {
  read: TASK_PAGE,
  export: `${TASK_PAGE}.export`,
  dispatch: `${TASK_PAGE}.dispatch`,
  replan: `${TASK_PAGE}.replan`,
  start: `${TASK_PAGE}.start`,
  pause: `${TASK_PAGE}.pause`,
  complete: `${TASK_PAGE}.complete`,
  fail: `${TASK_PAGE}.fail`,
  cancel: `${TASK_PAGE}.cancel`,
  print: `${TASK_PAGE}.print`,
  operator: 'intelligentProcess.taskCenter.operator',
} as const;

const DELIVERY_PAGE = 'rebarFinished.finished.delivery';

/** Delivery notes: reading, recording one (which moves finished stock out), exporting and printing. */
export const DELIVERY_PERMISSIONS = {
  read: DELIVERY_PAGE,
  add: `${DELIVERY_PAGE}.add`,
  export: `${DELIVERY_PAGE}.export`,
  print: `${DELIVERY_PAGE}.print`,
} as const;

/** Reading the digital-twin overview (the board, machine details and its live events). */
export const DIGITAL_TWIN_PERMISSIONS = {
  read: 'intelligentProcess.taskCenter.digitalTwinOverview',
} as const;

const DAILY_PLAN_PAGE = 'productionPlan.plan.dailyPlan';

/** The daily-schedule permissions: reading, and its buttons (`update`: auto-schedule and moves on the board). */
export const DAILY_PLAN_PERMISSIONS = {
  read: DAILY_PLAN_PAGE,
  add: `${DAILY_PLAN_PAGE}.add`,
  update: `${DAILY_PLAN_PAGE}.update`,
  delete: `${DAILY_PLAN_PAGE}.delete`,
  export: `${DAILY_PLAN_PAGE}.export`,
  release: `${DAILY_PLAN_PAGE}.release`,
  cancel: `${DAILY_PLAN_PAGE}.cancel`,
} as const;
