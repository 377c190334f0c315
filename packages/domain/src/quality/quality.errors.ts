import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of inspections, holds and traces. `{status}` is a localized label. */
export const QUALITY_ERRORS = {
  inspection_receipt_reversed: {
    status: 409,
    message: {
      'zh-CN': '收料单 {code} 已冲销，不能检验',
      'en-US': 'Receipt {code} was reversed: it cannot be inspected',
      'fr-FR': 'La réception {code} a été extournée : elle ne peut plus être contrôlée',
    },
  },
  inspection_receipt_returned: {
    status: 409,
    message: {
      'zh-CN': '收料单 {code} 已退货，不能再检验',
      'en-US': 'Receipt {code} was returned to the supplier: it cannot be inspected again',
      'fr-FR': 'La réception {code} a été retournée au fournisseur : elle ne peut plus être contrôlée',
    },
  },
  inspection_wrong_stage: {
    status: 400,
    message: {
      'zh-CN': '检验特性 {code} 不属于{stage}检验',
      'en-US': 'Characteristic {code} is not checked at {stage}',
      'fr-FR': 'La caractéristique {code} ne se contrôle pas à l’étape « {stage} »',
    },
  },
  inspection_task_technique: {
    status: 400,
    message: {
      'zh-CN': '检验特性 {code} 不属于任务 {task} 的工艺',
      'en-US': 'Characteristic {code} does not belong to the technique of task {task}',
      'fr-FR': 'La caractéristique {code} n’appartient pas à la technique de la tâche {task}',
    },
  },
  inspection_piece_not_made: {
    status: 409,
    message: {
      'zh-CN': '任务 {task} 只完成了 {done} 件，不能检验第 {piece} 件',
      'en-US': 'Task {task} has made {done} pieces: piece {piece} cannot be inspected yet',
      'fr-FR': 'La tâche {task} a produit {done} pièces : la pièce {piece} ne peut pas encore être contrôlée',
    },
  },
  inspection_task_not_started: {
    status: 409,
    message: {
      'zh-CN': '任务 {code} 为“{status}”状态，不能记录检验',
      'en-US': 'Task {code} is {status}: no inspection can be recorded on it',
      'fr-FR': 'La tâche {code} est à l’état « {status} » : aucun contrôle ne peut y être enregistré',
    },
  },
  receipt_not_held: {
    status: 409,
    message: {
      'zh-CN': '收料单 {code} 为“{status}”状态，没有冻结的钢筋',
      'en-US': 'Receipt {code} is {status}: none of its bars are on hold',
      'fr-FR': 'La réception {code} est à l’état « {status} » : aucune de ses barres n’est bloquée',
    },
  },
  receipt_held: {
    status: 409,
    message: {
      'zh-CN': '收料单 {code} 的钢筋已冻结，请先放行或退货',
      'en-US': 'The bars of receipt {code} are on hold: release or return them first',
      'fr-FR': 'Les barres de la réception {code} sont bloquées : levez le blocage ou retournez-les d’abord',
    },
  },
  trace_bundle_not_found: {
    status: 404,
    message: {
      'zh-CN': '找不到该捆钢筋',
      'en-US': 'No such bundle',
      'fr-FR': 'Botte introuvable',
    },
  },
} as const satisfies ErrorCatalogue;
