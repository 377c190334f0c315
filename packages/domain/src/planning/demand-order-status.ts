import type { Localized } from '../core/i18n/locales.ts';
import { workflow } from '../core/workflow.ts';

/**
 * The life of a demand order. A planner enters or imports a draft (the only editable state) and
 * confirms it; a cutting plan that takes it makes it `planned` (and gives it back, `confirmed`, when the
 * plan is deleted); the first machine task started on it makes it `producing`, the last piece produced
 * `completed`. Until production starts it may be cancelled, unless a cutting plan uses it.
 */
export const DEMAND_ORDER_STATUSES = ['draft', 'confirmed', 'planned', 'producing', 'completed', 'cancelled'] as const;
export type DemandOrderStatus = (typeof DEMAND_ORDER_STATUSES)[number];

/** What moves an order: the user's actions (`confirm`, `cancel`) and those of the areas that follow. */
export const DEMAND_ORDER_ACTIONS = ['confirm', 'cancel', 'plan', 'unplan', 'produce', 'complete'] as const;
export type DemandOrderAction = (typeof DEMAND_ORDER_ACTIONS)[number];

const WORKFLOW = workflow<DemandOrderStatus, DemandOrderAction>({
  draft: { confirm: 'confirmed', cancel: 'cancelled' },
  confirmed: { plan: 'planned', cancel: 'cancelled' },
  planned: { unplan: 'confirmed', produce: 'producing', cancel: 'cancelled' },
  producing: { complete: 'completed' },
  completed: {},
  cancelled: {},
});

export const nextDemandStatus = WORKFLOW.next;
export const demandActionsIn = WORKFLOW.actionsIn;

/**
 * Orders a cutting plan may take (their current lines with pieces left to plan): confirmed ones, and
 * producing ones — a revision of a producing order leaves its changed marks as new lines to plan, while
 * the order stays producing. Taking a producing order's lines never moves its status.
 */
export const PLANNABLE_ORDER_STATUSES = ['confirmed', 'producing'] as const satisfies readonly DemandOrderStatus[];
export const isPlannableOrder = (status: DemandOrderStatus): boolean =>
  (PLANNABLE_ORDER_STATUSES as readonly DemandOrderStatus[]).includes(status);

/** Only a draft's header and lines may change (or the draft be deleted). */
export const isDemandOrderEditable = (status: DemandOrderStatus): boolean => status === 'draft';

export const DEMAND_ORDER_STATUS_LABELS: Readonly<Record<DemandOrderStatus, Localized>> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'fr-FR': 'Brouillon' },
  confirmed: { 'zh-CN': '已确认', 'en-US': 'Confirmed', 'fr-FR': 'Confirmée' },
  planned: { 'zh-CN': '已排料', 'en-US': 'Planned', 'fr-FR': 'Planifiée' },
  producing: { 'zh-CN': '生产中', 'en-US': 'Producing', 'fr-FR': 'En production' },
  completed: { 'zh-CN': '已完成', 'en-US': 'Completed', 'fr-FR': 'Terminée' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'fr-FR': 'Annulée' },
};

export const DEMAND_ORDER_ACTION_LABELS: Readonly<Record<DemandOrderAction, Localized>> = {
  confirm: { 'zh-CN': '确认', 'en-US': 'confirm', 'fr-FR': 'confirmer' },
  cancel: { 'zh-CN': '取消', 'en-US': 'cancel', 'fr-FR': 'annuler' },
  plan: { 'zh-CN': '排料', 'en-US': 'plan', 'fr-FR': 'planifier' },
  unplan: { 'zh-CN': '撤销排料', 'en-US': 'unplan', 'fr-FR': 'déplanifier' },
  produce: { 'zh-CN': '投产', 'en-US': 'start producing', 'fr-FR': 'lancer en production' },
  complete: { 'zh-CN': '完成', 'en-US': 'complete', 'fr-FR': 'terminer' },
};

/** How urgent an order is; lists sort by it (urgent first). */
export const DEMAND_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type DemandPriority = (typeof DEMAND_PRIORITIES)[number];

export const DEMAND_PRIORITY_LABELS: Readonly<Record<DemandPriority, Localized>> = {
  low: { 'zh-CN': '低', 'en-US': 'Low', 'fr-FR': 'Basse' },
  normal: { 'zh-CN': '普通', 'en-US': 'Normal', 'fr-FR': 'Normale' },
  high: { 'zh-CN': '高', 'en-US': 'High', 'fr-FR': 'Haute' },
  urgent: { 'zh-CN': '紧急', 'en-US': 'Urgent', 'fr-FR': 'Urgente' },
};

/** Where an order's lines came from. */
export const DEMAND_SOURCES = ['manual', 'xlsx', 'csv', 'bvbs'] as const;
export type DemandSource = (typeof DEMAND_SOURCES)[number];

/** Statuses whose due date no longer matters: the order is done with, one way or the other. */
const SETTLED: ReadonlySet<DemandOrderStatus> = new Set(['completed', 'cancelled']);

/**
 * An order is overdue when its due date (`YYYY-MM-DD`) is before `today` (the same form) and it is
 * still to be made. A past due date is accepted on entry (late paperwork happens) but said so.
 */
export function isDemandOverdue(order: { demandDate: string; status: DemandOrderStatus }, today: string): boolean {
  return !SETTLED.has(order.status) && order.demandDate < today;
}
