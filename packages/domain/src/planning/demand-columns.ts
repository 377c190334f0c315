import { LOCALES, type Localized } from '../core/i18n/locales.ts';

/**
 * The columns of a bar bending schedule sheet (.xlsx or .csv): the template, the export and the import
 * all use these. A sheet's header row is matched by any language's label (or an alias, the way
 * detailers' own sheets title them), ignoring case, spaces and a unit in brackets, so a sheet written
 * in French imports for a Chinese user. `required` columns must be present for a sheet to import.
 */
export type DemandColumn = {
  key: DemandColumnKey;
  label: Localized;
  /** The unit the template prints after the label: `长度 (mm)`. */
  unit?: string;
  aliases?: readonly string[];
  required?: boolean;
};

export const DEMAND_COLUMN_KEYS = [
  'mark',
  'grade',
  'diameter',
  'shapeCode',
  'length',
  'members',
  'barsPerMember',
  'quantity',
  'weight',
  'geometry',
  'mandrel',
  'techniques',
  'piecesPerBundle',
  'drawing',
  'remark',
] as const;
export type DemandColumnKey = (typeof DEMAND_COLUMN_KEYS)[number];

export const DEMAND_COLUMNS: readonly DemandColumn[] = [
  {
    key: 'mark',
    label: { 'zh-CN': '编号', 'en-US': 'Mark', 'fr-FR': 'Repère' },
    aliases: ['bar mark', 'position', 'pos', '钢筋编号', '构件编号'],
    required: true,
  },
  {
    key: 'grade',
    label: { 'zh-CN': '牌号', 'en-US': 'Grade', 'fr-FR': 'Nuance' },
    aliases: ['type', 'steel grade', '级别', '钢筋级别'],
  },
  {
    key: 'diameter',
    label: { 'zh-CN': '直径', 'en-US': 'Diameter', 'fr-FR': 'Diamètre' },
    unit: 'mm',
    aliases: ['dia', 'size', 'ø', 'φ', 'd', '规格'],
    required: true,
  },
  {
    key: 'shapeCode',
    label: { 'zh-CN': '形状代码', 'en-US': 'Shape code', 'fr-FR': 'Code de forme' },
    aliases: ['shape', 'sc', '形状'],
  },
  {
    key: 'length',
    label: { 'zh-CN': '下料长度', 'en-US': 'Cut length', 'fr-FR': 'Longueur de coupe' },
    unit: 'mm',
    aliases: ['length', 'longueur', '长度', '单长'],
  },
  {
    key: 'members',
    label: { 'zh-CN': '构件数', 'en-US': 'Members', 'fr-FR': 'Éléments' },
    aliases: ['no. of members', 'no of members', 'nombre d’éléments'],
  },
  {
    key: 'barsPerMember',
    label: { 'zh-CN': '每件根数', 'en-US': 'Bars per member', 'fr-FR': 'Barres par élément' },
    aliases: ['no. in each', 'no in each', 'bars each'],
  },
  {
    key: 'quantity',
    label: { 'zh-CN': '总根数', 'en-US': 'Quantity', 'fr-FR': 'Quantité' },
    aliases: ['total no.', 'total number', 'qty', 'count', '根数', '数量'],
  },
  {
    key: 'weight',
    label: { 'zh-CN': '重量', 'en-US': 'Weight', 'fr-FR': 'Poids' },
    unit: 'kg',
    aliases: ['mass', 'masse', '总重'],
  },
  {
    key: 'geometry',
    label: { 'zh-CN': '形状尺寸', 'en-US': 'Legs', 'fr-FR': 'Côtes' },
    aliases: ['geometry', 'géométrie', '几何', '弯曲尺寸'],
  },
  {
    key: 'mandrel',
    label: { 'zh-CN': '弯心直径', 'en-US': 'Mandrel', 'fr-FR': 'Mandrin' },
    unit: 'mm',
    aliases: ['pin', 'former', 'mandrel diameter', '弯曲直径'],
  },
  {
    key: 'techniques',
    label: { 'zh-CN': '工艺', 'en-US': 'Techniques', 'fr-FR': 'Procédés' },
    aliases: ['technique', 'procédé', '加工工艺'],
  },
  {
    key: 'piecesPerBundle',
    label: { 'zh-CN': '每捆根数', 'en-US': 'Pieces per bundle', 'fr-FR': 'Pièces par botte' },
    aliases: ['per bundle', 'bundle'],
  },
  {
    key: 'drawing',
    label: { 'zh-CN': '图号', 'en-US': 'Drawing', 'fr-FR': 'Plan' },
    aliases: ['drawing no', 'drawing no.', 'dessin'],
  },
  {
    key: 'remark',
    label: { 'zh-CN': '备注', 'en-US': 'Remark', 'fr-FR': 'Remarque' },
    aliases: ['note', 'notes', 'comment', 'commentaire'],
  },
];

/**
 * What the remark of the template's example rows says: the import skips a row holding it (in any
 * language), so a planner may leave the examples in place and write the schedule below them.
 */
export const EXAMPLE_ROW_MARKER: Readonly<Localized> = {
  'zh-CN': '示例行：导入时忽略',
  'en-US': 'Example row: ignored on import',
  'fr-FR': 'Ligne d’exemple : ignorée à l’import',
};

const MARKERS = new Set(LOCALES.map((locale) => EXAMPLE_ROW_MARKER[locale]));

/** Whether a sheet row is one of the template's examples (a cell holds the marker). */
export function isExampleRow(row: readonly (string | number | null)[]): boolean {
  return row.some((cell) => typeof cell === 'string' && MARKERS.has(cell.trim()));
}
