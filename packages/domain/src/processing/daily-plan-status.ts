import { z } from 'zod';
import type { Localized } from '../core/i18n/locales.ts';
import { workflow } from '../core/workflow.ts';

/**
 * The life of a daily schedule. A planner drafts it (auto-schedules, drags jobs on the board, as often
 * as they like); releasing it creates the machine tasks, so from then on the tasks carry the truth and
 * the schedule only follows them: the first task started makes it `inProgress`, the last task ended
 * `done`. Only a draft may be cancelled — once released, its tasks are cancelled one by one.
 */
export const DAILY_PLAN_STATUSES = ['draft', 'released', 'inProgress', 'done', 'cancelled'] as const;
export type DailyPlanStatus = (typeof DAILY_PLAN_STATUSES)[number];
export const dailyPlanStatusSchema = z.enum(DAILY_PLAN_STATUSES);

/** `release` and `cancel` are the planner's; `start` and `finish` follow the tasks. */
export const DAILY_PLAN_ACTIONS = ['release', 'cancel', 'start', 'finish'] as const;
export type DailyPlanAction = (typeof DAILY_PLAN_ACTIONS)[number];

const WORKFLOW = workflow<DailyPlanStatus, DailyPlanAction>({
  draft: { release: 'released', cancel: 'cancelled' },
  released: { start: 'inProgress' },
  inProgress: { finish: 'done' },
  done: {},
  cancelled: {},
});

export const nextDailyPlanStatus = WORKFLOW.next;
export const dailyPlanActionsIn = WORKFLOW.actionsIn;

/** Only a draft's slots may change (auto-schedule, drag on the board). */
export const isDailyPlanEditable = (status: DailyPlanStatus): boolean => status === 'draft';

export const DAILY_PLAN_STATUS_LABELS: Readonly<Record<DailyPlanStatus, Localized>> = {
  draft: { 'zh-CN': '草稿', 'en-US': 'Draft', 'fr-FR': 'Brouillon' },
  released: { 'zh-CN': '已下达', 'en-US': 'Released', 'fr-FR': 'Lancé' },
  inProgress: { 'zh-CN': '生产中', 'en-US': 'In progress', 'fr-FR': 'En cours' },
  done: { 'zh-CN': '已完成', 'en-US': 'Done', 'fr-FR': 'Terminé' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled', 'fr-FR': 'Annulé' },
};

export const DAILY_PLAN_ACTION_LABELS: Readonly<Record<DailyPlanAction, Localized>> = {
  release: { 'zh-CN': '下达', 'en-US': 'release', 'fr-FR': 'lancer' },
  cancel: { 'zh-CN': '取消', 'en-US': 'cancel', 'fr-FR': 'annuler' },
  start: { 'zh-CN': '开始生产', 'en-US': 'start', 'fr-FR': 'démarrer' },
  finish: { 'zh-CN': '完成', 'en-US': 'finish', 'fr-FR': 'terminer' },
};
