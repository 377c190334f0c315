import type { Localized } from '../core/i18n/locales.ts';

/** The file formats a bar bending schedule is imported from. */
export const IMPORT_FORMATS = ['bvbs', 'xlsx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_SEVERITIES = ['error', 'warning'] as const;
export type ImportSeverity = (typeof IMPORT_SEVERITIES)[number];

/**
 * What an import preview can say about a line. Errors must be fixed (or the line dropped) before the
 * order is saved; warnings are for the planner to judge. Messages take `{placeholders}`.
 */
export const IMPORT_PROBLEMS = {
  checksum_mismatch: {
    severity: 'error',
    message: {
      'zh-CN': '校验和不符：记录写的是 {found}，计算应为 {expected}',
      'en-US': 'Checksum mismatch: the record says {found}, it should be {expected}',
      'fr-FR': 'Somme de contrôle erronée : l’enregistrement indique {found}, elle devrait être {expected}',
    },
  },
  unknown_spec: {
    severity: 'error',
    message: {
      'zh-CN': '本产品没有规格 {spec}；直径 {diameter} 的规格有：{available}',
      'en-US': 'This product has no spec {spec}; the specs for diameter {diameter} are: {available}',
      'fr-FR': 'Ce produit n’a pas de spécification {spec} ; celles du diamètre {diameter} sont : {available}',
    },
  },
  invalid_value: {
    severity: 'error',
    message: {
      'zh-CN': '{field}的值“{value}”无效：应为正数',
      'en-US': '{field}: “{value}” is not valid, a positive number is expected',
      'fr-FR': '{field} : « {value} » n’est pas valide, un nombre positif est attendu',
    },
  },
  unknown_record: {
    severity: 'error',
    message: {
      'zh-CN': '不是钢筋记录：{record}',
      'en-US': 'Not a bar record: {record}',
      'fr-FR': 'Ce n’est pas un enregistrement de barre : {record}',
    },
  },
  length_mismatch: {
    severity: 'warning',
    message: {
      'zh-CN':
        '下料长度 {length} mm 与形状尺寸不符：扣除弯曲调整值后为 {developed} mm，外包尺寸之和为 {legs} mm（相差 {difference} mm）',
      'en-US':
        'The cut length {length} mm does not fit the legs: {developed} mm after bend deductions, {legs} mm as outer dimensions ({difference} mm apart)',
      'fr-FR':
        'La longueur de coupe {length} mm ne correspond pas aux côtes : {developed} mm après déduction des pliages, {legs} mm en cotes extérieures (écart {difference} mm)',
    },
  },
  weight_mismatch: {
    severity: 'warning',
    message: {
      'zh-CN': '文件重量 {file} kg 与计算重量 {computed} kg 相差 {percent}%',
      'en-US': 'The file says {file} kg, the computed weight is {computed} kg ({percent} % apart)',
      'fr-FR': 'Le fichier indique {file} kg, le poids calculé est {computed} kg (écart {percent} %)',
    },
  },
  spatial_shape: {
    severity: 'warning',
    message: {
      'zh-CN': '空间弯曲钢筋（BF3D）：下料长度 {length} mm，按三维形状展开长度为 {developed} mm；形状按平面近似绘制',
      'en-US':
        'Spatial bar (BF3D): cut length {length} mm, developed length {developed} mm from its 3D shape; the shape is drawn flattened',
      'fr-FR':
        'Barre spatiale (BF3D) : longueur de coupe {length} mm, longueur développée {developed} mm d’après sa forme 3D ; la forme est dessinée à plat',
    },
  },
  missing_value: {
    severity: 'error',
    message: {
      'zh-CN': '缺少{field}',
      'en-US': '{field} is missing',
      'fr-FR': '{field} manquant(e)',
    },
  },
  quantity_mismatch: {
    severity: 'error',
    message: {
      'zh-CN': '总根数 {quantity} 不等于构件数 {members} × 每件根数 {barsPerMember}',
      'en-US': 'The quantity {quantity} is not members {members} × bars per member {barsPerMember}',
      'fr-FR': 'La quantité {quantity} n’est pas éléments {members} × barres par élément {barsPerMember}',
    },
  },
  private_block_dropped: {
    severity: 'warning',
    message: {
      'zh-CN': '私有块 {block} 不符合 BVBS 字段格式（可能被读成其他块），已忽略',
      'en-US': 'The private block {block} is not made of BVBS fields (it could read as another block) and is left out',
      'fr-FR':
        'Le bloc privé {block} n’est pas fait de champs BVBS (il pourrait être lu comme un autre bloc) et est ignoré',
    },
  },
} as const satisfies Record<string, { severity: ImportSeverity; message: Localized }>;

export type ImportProblemCode = keyof typeof IMPORT_PROBLEMS;
export const IMPORT_PROBLEM_CODES = Object.keys(IMPORT_PROBLEMS) as [ImportProblemCode, ...ImportProblemCode[]];
