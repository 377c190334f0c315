import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of the BOM centre. */
export const BOM_ERRORS = {
  bom_released: {
    status: 409,
    message: {
      'zh-CN': 'BOM {code} V{version} 为“{status}”状态，不能修改',
      'en-US': 'BOM {code} v{version} is {status}: it can no longer be changed',
      'fr-FR': 'La nomenclature {code} v{version} est à l’état « {status} » : elle ne se modifie plus',
    },
  },
  bom_cycle: {
    status: 400,
    message: {
      'zh-CN': '零件 {part} 不能包含自身：{path}',
      'en-US': 'Part {part} cannot contain itself: {path}',
      'fr-FR': 'La pièce {part} ne peut pas se contenir elle-même : {path}',
    },
  },
  bom_root_node: {
    status: 409,
    message: {
      'zh-CN': '根节点不能删除或移动',
      'en-US': 'The root node cannot be removed or moved',
      'fr-FR': 'Le nœud racine ne peut être ni supprimé ni déplacé',
    },
  },
  bom_not_released: {
    status: 409,
    message: {
      'zh-CN': '设计BOM {code} V{version} 尚未发布，不能生成制造BOM',
      'en-US': 'Design BOM {code} v{version} is not released: no manufacturing BOM can be derived from it',
      'fr-FR':
        'La nomenclature {code} v{version} n’est pas diffusée : aucune nomenclature de fabrication ne peut en être tirée',
    },
  },
  bom_draft_exists: {
    status: 409,
    message: {
      'zh-CN': 'BOM {code} 已有草稿版本 V{version}',
      'en-US': 'BOM {code} already has a draft, v{version}',
      'fr-FR': 'La nomenclature {code} a déjà un brouillon, v{version}',
    },
  },
  bom_import_problems: {
    status: 400,
    message: {
      'zh-CN': '导入数据有 {count} 处问题，请先修正',
      'en-US': 'The imported lines have {count} problems: fix them first',
      'fr-FR': 'Les lignes importées comportent {count} problèmes : corrigez-les d’abord',
    },
  },
} as const satisfies ErrorCatalogue;
