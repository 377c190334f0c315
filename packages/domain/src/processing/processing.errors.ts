import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of daily schedules, machine tasks, bundles and deliveries. `{status}`/`{action}` are localized labels. */
export const PROCESSING_ERRORS = {
  material_missing: {
    status: 409,
    message: {
      'zh-CN': '{codes} 缺料（现有/需要）：{missing}',
      'en-US': '{codes} lack material (there/needed): {missing}',
      'fr-FR': '{codes} : matière manquante (présente/nécessaire) : {missing}',
    },
  },
  daily_plan_transition: {
    status: 409,
    message: {
      'zh-CN': '生产排程 {code} 为“{status}”状态，不能{action}',
      'en-US': 'Schedule {code} is {status}: it cannot {action}',
      'fr-FR': 'L’ordonnancement {code} est à l’état « {status} » : impossible de {action}',
    },
  },
  daily_plan_not_editable: {
    status: 409,
    message: {
      'zh-CN': '生产排程 {code} 为“{status}”状态，只有草稿可以调整',
      'en-US': 'Schedule {code} is {status}: only a draft can be changed',
      'fr-FR': 'L’ordonnancement {code} est à l’état « {status} » : seul un brouillon se modifie',
    },
  },
  daily_plan_optimise_active: {
    status: 409,
    message: {
      'zh-CN': '生产排程 {code} 的优化正在进行，请等它结束或先停止它',
      'en-US': 'Schedule {code} is being optimised: wait for it to end, or stop it first',
      'fr-FR': 'L’ordonnancement {code} est en cours d’optimisation : attendez la fin, ou arrêtez-la d’abord',
    },
  },
  daily_plan_cut_plan_not_approved: {
    status: 409,
    message: {
      'zh-CN': '优化加工方案 {code} 为“{status}”状态，只有已审核的方案可以排程',
      'en-US': 'Cutting plan {code} is {status}: only an approved plan can be scheduled',
      'fr-FR': 'Le plan de coupe {code} est à l’état « {status} » : seul un plan approuvé s’ordonnance',
    },
  },
  daily_plan_cut_plan_taken: {
    status: 409,
    message: {
      'zh-CN': '优化加工方案 {code} 已在生产排程 {dailyPlan} 中',
      'en-US': 'Cutting plan {code} is already in schedule {dailyPlan}',
      'fr-FR': 'Le plan de coupe {code} est déjà dans l’ordonnancement {dailyPlan}',
    },
  },
  daily_plan_no_machine: {
    status: 409,
    message: {
      'zh-CN': '当前产线没有可排程的设备',
      'en-US': 'The current line has no machine to schedule onto',
      'fr-FR': 'La ligne courante n’a aucune machine à ordonnancer',
    },
  },
  daily_plan_has_problems: {
    status: 409,
    message: {
      'zh-CN': '排程还有 {count} 个问题（重叠、超出班次或设备不符），请先处理',
      'en-US':
        'The schedule still has {count} problems (overlaps, outside shifts, unsuitable machines): resolve them first',
      'fr-FR':
        'L’ordonnancement a encore {count} problèmes (chevauchements, hors poste, machines inadaptées) : résolvez-les d’abord',
    },
  },
  daily_plan_unscheduled: {
    status: 409,
    message: {
      'zh-CN': '还有 {count} 个作业未排入设备，请延长排程期或调整设备',
      'en-US': '{count} jobs have no slot yet: lengthen the horizon or change the machines',
      'fr-FR': '{count} travaux n’ont pas de créneau : allongez l’horizon ou changez les machines',
    },
  },
  task_transition: {
    status: 409,
    message: {
      'zh-CN': '任务 {code} 为“{status}”状态，不能{action}',
      'en-US': 'Task {code} is {status}: “{action}” is not possible',
      'fr-FR': 'La tâche {code} est à l’état « {status} » : « {action} » est impossible',
    },
  },
  task_report_backwards: {
    status: 409,
    message: {
      'zh-CN': '任务 {code} 已报工 {done}，不能减少',
      'en-US': 'Task {code} already reported {done} done: a report cannot go back',
      'fr-FR': 'La tâche {code} a déjà déclaré {done} faits : une déclaration ne recule pas',
    },
  },
  task_report_too_many: {
    status: 400,
    message: {
      'zh-CN': '任务 {code} 只有 {repetitions} 可做',
      'en-US': 'Task {code} has only {repetitions} to do',
      'fr-FR': 'La tâche {code} n’a que {repetitions} à faire',
    },
  },
  task_waits_for_cut: {
    status: 409,
    message: {
      'zh-CN': '任务 {code} 的钢筋尚未切断（{cutTask}）',
      'en-US': 'The bars of task {code} are not cut yet ({cutTask})',
      'fr-FR': 'Les barres de la tâche {code} ne sont pas encore coupées ({cutTask})',
    },
  },
  bundle_already_delivered: {
    status: 409,
    message: {
      'zh-CN': '料牌 {mark} 第 {number}/{count} 捆已随发货单 {note} 发出',
      'en-US': 'Bundle {number}/{count} of {mark} already left with delivery note {note}',
      'fr-FR': 'Le fardeau {number}/{count} de {mark} est déjà parti avec le bon {note}',
    },
  },
  machine_busy: {
    status: 409,
    message: {
      'zh-CN': '机台 {machine} 正在加工任务 {running}，不能再开始任务 {code}',
      'en-US': 'Machine {machine} is running task {running}: task {code} cannot start as well',
      'fr-FR': 'La machine {machine} exécute la tâche {running} : la tâche {code} ne peut pas démarrer en plus',
    },
  },
  replan_stale: {
    status: 409,
    message: {
      'zh-CN': '排产已变化，调整方案不再适用：请重新预览',
      'en-US': 'The work has changed since this proposal: preview it again',
      'fr-FR': 'Le travail a changé depuis cette proposition : prévisualisez-la de nouveau',
    },
  },
  order_rush_no_stock: {
    status: 409,
    message: {
      'zh-CN': '库存原材与余料无法为订单 {code} 下料，不能加急',
      'en-US': 'Free stock and offcuts cannot cut any piece of order {code}: it cannot be rushed',
      'fr-FR':
        'Le stock libre et les chutes ne peuvent couper aucune pièce de la commande {code} : impossible de la passer en urgence',
    },
  },
  replan_nothing: {
    status: 409,
    message: {
      'zh-CN': '没有可调整的未开工任务',
      'en-US': 'There is no task not yet started to move',
      'fr-FR': 'Aucune tâche non commencée à déplacer',
    },
  },
  replan_unplaced: {
    status: 409,
    message: {
      'zh-CN': '有 {count} 项工作无处安排，不能应用',
      'en-US': '{count} jobs find no place: the proposal cannot be applied',
      'fr-FR': '{count} travaux ne trouvent pas de place : la proposition ne peut pas être appliquée',
    },
  },
  task_machine_ineligible: {
    status: 409,
    message: {
      'zh-CN': '机台 {machine} 不能加工任务 {code}（工艺或直径不符）',
      'en-US': 'Machine {machine} cannot do task {code} (technique or diameter)',
      'fr-FR': 'La machine {machine} ne peut pas faire la tâche {code} (technique ou diamètre)',
    },
  },
  bundle_unknown: {
    status: 400,
    message: {
      'zh-CN': '扫描的料牌不属于当前产线：{scanIds}',
      'en-US': 'These scanned tags are not bundles of the current line: {scanIds}',
      'fr-FR': 'Ces étiquettes scannées ne sont pas des fardeaux de la ligne courante : {scanIds}',
    },
  },
} as const satisfies ErrorCatalogue;
