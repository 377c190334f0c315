import type { JobState } from '../core/job.schema.ts';
import type { Localized } from '../core/i18n/locales.ts';
import { workflow } from '../core/workflow.ts';

/**
 * The life of a cutting plan. A planner creates a draft from confirmed demand and optimises it (as
 * often as they like, comparing runs); approving reserves the stock the chosen run uses and sets the
 * order lines' planned quantities; a daily schedule that takes it makes it `scheduled`, the end of
 * its production `done`. A draft or an approved plan may be cancelled, which releases its reservations.
 */
export const CUT_PLAN_STATUSES = ['draft', 'approved', 'scheduled', 'done', 'cancelled'] as const;
export type CutPlanStatus = (typeof CUT_PLAN_STATUSES)[number];

export const CUT_PLAN_ACTIONS = ['optimize', 'approve', 'cancel', 'schedule', 'finish'] as const;
export type CutPlanAction = (typeof CUT_PLAN_ACTIONS)[number];

const WORKFLOW = workflow<CutPlanStatus, CutPlanAction>({
  draft: { optimize: 'draft', approve: 'approved', cancel: 'cancelled' },
  approved: { schedule: 'scheduled', cancel: 'cancelled' },
  scheduled: { finish: 'done' },
  done: {},
  cancelled: {},
});

export const nextCutPlanStatus = WORKFLOW.next;
export const cutPlanActionsIn = WORKFLOW.actionsIn;

export const CUT_PLAN_STATUS_LABELS: Readonly<Record<CutPlanStatus, Localized>> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'fr-FR': 'Brouillon' },
  approved: { 'zh-CN': '已审核', 'en-US': 'Approved', 'fr-FR': 'Approuvé' },
  scheduled: { 'zh-CN': '已排程', 'en-US': 'Scheduled', 'fr-FR': 'Ordonnancé' },
  done: { 'zh-CN': '已完成', 'en-US': 'Done', 'fr-FR': 'Terminé' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'fr-FR': 'Annulé' },
};

export const CUT_PLAN_ACTION_LABELS: Readonly<Record<CutPlanAction, Localized>> = {
  optimize: { 'zh-CN': '优化', 'en-US': 'optimise', 'fr-FR': 'optimiser' },
  approve: { 'zh-CN': '审核', 'en-US': 'approve', 'fr-FR': 'approuver' },
  cancel: { 'zh-CN': '取消', 'en-US': 'cancel', 'fr-FR': 'annuler' },
  schedule: { 'zh-CN': '排程', 'en-US': 'schedule', 'fr-FR': 'ordonnancer' },
  finish: { 'zh-CN': '完成', 'en-US': 'finish', 'fr-FR': 'terminer' },
};

/** How a plan's optimisation run (a background job) stands, as its page names it. */
export const JOB_STATE_LABELS: Readonly<Record<JobState, Localized>> = {
  queued: { 'zh-CN': '排队中', 'en-US': 'Queued', 'fr-FR': 'En attente' },
  running: { 'zh-CN': '优化中', 'en-US': 'Running', 'fr-FR': 'En cours' },
  succeeded: { 'zh-CN': '已完成', 'en-US': 'Succeeded', 'fr-FR': 'Réussi' },
  failed: { 'zh-CN': '失败', 'en-US': 'Failed', 'fr-FR': 'Échoué' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'fr-FR': 'Annulé' },
};

/** Where a pattern's bar comes from: raw stock on hand, bought at a standard length, or a reusable offcut. */
export const BAR_SOURCES = ['stock', 'purchase', 'offcut'] as const;
export type BarSource = (typeof BAR_SOURCES)[number];

export const BAR_SOURCE_LABELS: Readonly<Record<BarSource, Localized>> = {
  stock: { 'zh-CN': '库存原材', 'en-US': 'Stock bar', 'fr-FR': 'Barre en stock' },
  purchase: { 'zh-CN': '采购定尺', 'en-US': 'Purchased length', 'fr-FR': 'Longueur achetée' },
  offcut: { 'zh-CN': '余料', 'en-US': 'Offcut', 'fr-FR': 'Chute' },
};
