import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of demand orders and their imports. `{status}` and `{action}` are localized labels. */
export const PLANNING_ERRORS = {
  demand_order_transition: {
    status: 409,
    message: {
      'zh-CN': '需求订单 {code} 为“{status}”状态，不能{action}',
      'en-US': 'Demand order {code} is {status}: it cannot {action}',
      'fr-FR': 'La commande {code} est à l’état « {status} » : impossible de {action}',
    },
  },
  demand_order_not_editable: {
    status: 409,
    message: {
      'zh-CN': '需求订单 {code} 为“{status}”状态，只有草稿可以修改或删除',
      'en-US': 'Demand order {code} is {status}: only a draft can be edited or deleted',
      'fr-FR': 'La commande {code} est à l’état « {status} » : seul un brouillon se modifie ou se supprime',
    },
  },
  demand_order_in_plan: {
    status: 409,
    message: {
      'zh-CN': '需求订单 {code} 已被优化加工方案 {plans} 使用，不能取消',
      'en-US': 'Demand order {code} is used by cutting plan {plans}: it cannot be cancelled',
      'fr-FR': 'La commande {code} est utilisée par le plan de coupe {plans} : elle ne peut pas être annulée',
    },
  },
  demand_order_not_revisable: {
    status: 409,
    message: {
      'zh-CN': '需求订单 {code} 为“{status}”状态：只有已确认、已排料或生产中的订单可以导入新版次（草稿直接修改）',
      'en-US':
        'Demand order {code} is {status}: only a confirmed, planned or producing order takes a revised list (edit a draft)',
      'fr-FR':
        'La commande {code} est à l’état « {status} » : seule une commande confirmée, planifiée ou en production prend une révision (un brouillon se modifie)',
    },
  },
  bundle_superseded: {
    status: 409,
    message: {
      'zh-CN': '料牌 {mark} 第 {number}/{count} 捆已被订单第 {revision} 版作废，不能发货',
      'en-US':
        'Bundle {number}/{count} of {mark} was superseded by revision {revision} of its order: it cannot be delivered',
      'fr-FR':
        'Le fardeau {number}/{count} de {mark} est périmé par la révision {revision} de sa commande : il ne peut pas être livré',
    },
  },
  bundle_disposition_refused: {
    status: 409,
    message: {
      'zh-CN': '料牌 {mark} 第 {number}/{count} 捆不能这样处理：{reason}',
      'en-US': 'Bundle {number}/{count} of {mark} cannot be dealt with so: {reason}',
      'fr-FR': 'Le fardeau {number}/{count} de {mark} ne peut pas être traité ainsi : {reason}',
    },
  },
  superseded_pieces_refused: {
    status: 409,
    message: {
      'zh-CN': '{mark} 长 {length} mm 的散件不能这样处理：{reason}',
      'en-US': 'The loose {length} mm pieces of {mark} cannot be dealt with so: {reason}',
      'fr-FR': 'Les pièces libres de {length} mm de {mark} ne peuvent pas être traitées ainsi : {reason}',
    },
  },
  import_empty: {
    status: 400,
    message: {
      'zh-CN': '文件为空或没有可导入的行',
      'en-US': 'The file is empty or has no line to import',
      'fr-FR': 'Le fichier est vide ou ne contient aucune ligne à importer',
    },
  },
  import_only_examples: {
    status: 400,
    message: {
      'zh-CN': '文件只有模板的示例行（导入时忽略）：请在示例行下方填写钢筋明细',
      'en-US': 'The file holds only the template’s example rows (ignored on import): write the schedule below them',
      'fr-FR':
        'Le fichier ne contient que les lignes d’exemple du modèle (ignorées à l’import) : écrivez la nomenclature en dessous',
    },
  },
  import_unreadable: {
    status: 400,
    message: {
      'zh-CN': '无法读取该文件：请上传 .xlsx、.csv 或 BVBS（.abs、.bvbs、.txt）文件',
      'en-US': 'This file cannot be read: upload an .xlsx, .csv or BVBS (.abs, .bvbs, .txt) file',
      'fr-FR': 'Ce fichier est illisible : importez un fichier .xlsx, .csv ou BVBS (.abs, .bvbs, .txt)',
    },
  },
  import_missing_columns: {
    status: 400,
    message: {
      'zh-CN': '表格缺少必需的列：{columns}',
      'en-US': 'The sheet lacks required columns: {columns}',
      'fr-FR': 'Il manque des colonnes obligatoires : {columns}',
    },
  },
  import_too_large: {
    status: 413,
    message: {
      'zh-CN': '文件超过 {maxMb} MB，不能导入',
      'en-US': 'The file is larger than {maxMb} MB and cannot be imported',
      'fr-FR': 'Le fichier dépasse {maxMb} Mo et ne peut pas être importé',
    },
  },
  import_too_many_lines: {
    status: 400,
    message: {
      'zh-CN': '文件超过上限 {max} 行；请拆分后导入',
      'en-US': 'The file has more than the {max} lines allowed; split it before importing',
      'fr-FR': 'Le fichier compte plus que les {max} lignes permises ; scindez-le avant de l’importer',
    },
  },
  import_file_too_large: {
    status: 400,
    message: {
      'zh-CN': '该工作簿解压后超过 {maxMb} MB 或 {maxParts} 个部件，不能导入；请将明细表单独另存为新工作簿后再导入',
      'en-US':
        'This workbook unpacks to more than {maxMb} MB or {maxParts} parts and cannot be imported; save the schedule alone in a new workbook and import that',
      'fr-FR':
        'Ce classeur dépasse {maxMb} Mo ou {maxParts} parties une fois décompressé et ne peut pas être importé ; enregistrez le tableau seul dans un nouveau classeur et importez celui-ci',
    },
  },
  cut_plan_transition: {
    status: 409,
    message: {
      'zh-CN': '优化加工方案 {code} 为“{status}”状态，不能{action}',
      'en-US': 'Cutting plan {code} is {status}: it cannot {action}',
      'fr-FR': 'Le plan de coupe {code} est à l’état « {status} » : impossible de {action}',
    },
  },
  cut_plan_orders_not_confirmed: {
    status: 409,
    message: {
      'zh-CN': '只有已确认或生产中的需求订单可以排料：{codes}',
      'en-US': 'Only confirmed or producing demand orders can be planned: {codes}',
      'fr-FR': 'Seules les commandes confirmées ou en production peuvent être planifiées : {codes}',
    },
  },
  cut_plan_nothing_to_plan: {
    status: 409,
    message: {
      'zh-CN': '所选订单行已全部排料，没有需要优化的内容',
      'en-US': 'Every chosen line is already fully planned: there is nothing to optimise',
      'fr-FR': 'Toutes les lignes choisies sont déjà planifiées : il n’y a rien à optimiser',
    },
  },
  cut_plan_orders_changed: {
    status: 409,
    message: {
      'zh-CN': '方案创建后需求订单已变化（{codes}），请重新创建方案',
      'en-US': 'The demand orders changed since the plan was made ({codes}): make the plan again',
      'fr-FR': 'Les commandes ont changé depuis la création du plan ({codes}) : refaites le plan',
    },
  },
  cut_plan_stock_gone: {
    status: 409,
    message: {
      'zh-CN': '库存 {stock} 可用 {available}，方案需要 {needed}；请重新优化',
      'en-US': 'Stock {stock} has {available} available, the plan needs {needed}: optimise again',
      'fr-FR':
        'Le stock {stock} n’a que {available} disponibles, le plan en demande {needed} : relancez l’optimisation',
    },
  },
  cut_plan_no_result: {
    status: 409,
    message: {
      'zh-CN': '优化加工方案 {code} 还没有成功的优化结果',
      'en-US': 'Cutting plan {code} has no successful optimisation yet',
      'fr-FR': 'Le plan de coupe {code} n’a pas encore d’optimisation réussie',
    },
  },
  cut_plan_job_active: {
    status: 409,
    message: {
      'zh-CN': '优化加工方案 {code} 正在优化，请等待完成或先取消',
      'en-US': 'Cutting plan {code} is being optimised: wait for the run or cancel it first',
      'fr-FR': 'Le plan de coupe {code} est en cours d’optimisation : attendez la fin ou annulez-la',
    },
  },
} as const satisfies ErrorCatalogue;
