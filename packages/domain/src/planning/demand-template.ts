import type { Locale, Localized } from '../core/i18n/locales.ts';
import { DEMAND_COLUMNS, EXAMPLE_ROW_MARKER, type DemandColumnKey } from './demand-columns.ts';
import { sheetHeader } from './demand-export.ts';
import type { SheetCell } from './demand-import.ts';

/** What to write in each column, shown on the template's second sheet. */
const COLUMN_HELP: Readonly<Record<DemandColumnKey, Localized>> = {
  mark: {
    'zh-CN': '钢筋编号，如 A1；同一订单内每行一个',
    'en-US': 'The bar mark, e.g. A1; one per line of the order',
    'fr-FR': 'Le repère de la barre, par ex. A1 ; un par ligne de la commande',
  },
  grade: {
    'zh-CN': '钢筋牌号，如 HRB400E；留空则按直径匹配产线的规格',
    'en-US': 'The steel grade, e.g. HRB400E; empty: the line’s spec of that diameter',
    'fr-FR': 'La nuance, par ex. HRB400E ; vide : la nuance de la ligne pour ce diamètre',
  },
  diameter: {
    'zh-CN': '公称直径（毫米），如 12；可写 Φ12',
    'en-US': 'The nominal diameter in millimetres, e.g. 12 (Φ12 is read too)',
    'fr-FR': 'Le diamètre nominal en millimètres, par ex. 12 (Φ12 est lu aussi)',
  },
  shapeCode: {
    'zh-CN': 'BS 8666 形状代码，如 00 直条、11 L 形；留空则按形状尺寸推算',
    'en-US': 'The BS 8666 shape code, e.g. 00 straight, 11 an L; empty: derived from the legs',
    'fr-FR': 'Le code de forme BS 8666, par ex. 00 droite, 11 en L ; vide : déduit des côtes',
  },
  length: {
    'zh-CN': '下料长度（毫米）；弯曲钢筋留空则按展开长度计算',
    'en-US': 'The cut length in millimetres; for a bent bar, empty: the developed length',
    'fr-FR': 'La longueur de coupe en millimètres ; pour une barre façonnée, vide : la longueur développée',
  },
  members: {
    'zh-CN': '构件数量；总根数 = 构件数 × 每件根数',
    'en-US': 'How many members; quantity = members × bars per member',
    'fr-FR': 'Le nombre d’éléments ; quantité = éléments × barres par élément',
  },
  barsPerMember: {
    'zh-CN': '每个构件的根数',
    'en-US': 'How many bars in each member',
    'fr-FR': 'Le nombre de barres dans chaque élément',
  },
  quantity: {
    'zh-CN': '总根数；已填构件数和每件根数时可留空（三者须一致）',
    'en-US': 'The number of bars; may stay empty when members and bars per member are given (all three must agree)',
    'fr-FR':
      'Le nombre de barres ; peut rester vide si éléments et barres par élément sont donnés (les trois doivent concorder)',
  },
  weight: {
    'zh-CN': '该行总重量（千克），仅供核对；系统按规格重新计算',
    'en-US': 'The line’s total weight in kg, for checking only; the plant computes its own',
    'fr-FR': 'Le poids total de la ligne en kg, pour contrôle ; l’usine calcule le sien',
  },
  geometry: {
    'zh-CN': '弯曲钢筋的各段长度与弯曲角度：段长:角度;段长…，如 400:90;1300；直条留空',
    'en-US': 'A bent bar’s legs and bend angles: leg:angle;leg…, e.g. 400:90;1300; empty for a straight bar',
    'fr-FR':
      'Les côtes et angles d’une barre façonnée : côte:angle;côte…, par ex. 400:90;1300 ; vide pour une barre droite',
  },
  mandrel: {
    'zh-CN': '弯心直径（毫米）；留空则按规范取值',
    'en-US': 'The mandrel diameter in millimetres; empty: the standard’s',
    'fr-FR': 'Le diamètre du mandrin en millimètres ; vide : celui de la norme',
  },
  techniques: {
    'zh-CN': '加工工艺代码，多个用逗号分隔',
    'en-US': 'The technique codes, separated by commas',
    'fr-FR': 'Les codes de procédé, séparés par des virgules',
  },
  piecesPerBundle: {
    'zh-CN': '每捆根数；留空则按默认打捆',
    'en-US': 'Pieces per bundle; empty: the default bundling',
    'fr-FR': 'Pièces par botte ; vide : le bottelage par défaut',
  },
  drawing: {
    'zh-CN': '图纸编号',
    'en-US': 'The drawing number',
    'fr-FR': 'Le numéro de plan',
  },
  remark: {
    'zh-CN': '备注；写有“示例行”标记的行导入时忽略',
    'en-US': 'A remark; a row marked as an example is ignored on import',
    'fr-FR': 'Une remarque ; une ligne marquée comme exemple est ignorée à l’import',
  },
};

const REQUIRED: Readonly<Localized> = { 'zh-CN': '必填', 'en-US': 'Required', 'fr-FR': 'Obligatoire' };
const HELP_HEADER: Readonly<Record<'column' | 'required' | 'help', Localized>> = {
  column: { 'zh-CN': '列', 'en-US': 'Column', 'fr-FR': 'Colonne' },
  required: { 'zh-CN': '是否必填', 'en-US': 'Required', 'fr-FR': 'Obligatoire' },
  help: { 'zh-CN': '填写说明', 'en-US': 'What to write', 'fr-FR': 'Quoi écrire' },
};

/** The template's sheet names: the schedule, then the columns explained. */
export const TEMPLATE_SHEETS: Readonly<Record<'schedule' | 'help', Localized>> = {
  schedule: { 'zh-CN': '钢筋明细', 'en-US': 'Schedule', 'fr-FR': 'Nomenclature' },
  help: { 'zh-CN': '填写说明', 'en-US': 'Columns', 'fr-FR': 'Colonnes' },
};

/** The two examples: a straight Φ12 and an L-bar Φ16 whose length is developed from its legs. */
const EXAMPLES: readonly Partial<Record<DemandColumnKey, SheetCell>>[] = [
  {
    mark: 'A1',
    grade: 'HRB400E',
    diameter: 12,
    shapeCode: '00',
    length: 6000,
    members: 2,
    barsPerMember: 5,
    quantity: 10,
  },
  {
    mark: 'A2',
    grade: 'HRB400E',
    diameter: 16,
    shapeCode: '11',
    members: 4,
    barsPerMember: 2,
    quantity: 8,
    geometry: '400:90;1300',
  },
];

/**
 * The import template in the user's language: the schedule sheet (header and two example rows marked
 * as such) and a sheet with a row per column — its header, whether it is required, what to write.
 */
export function demandTemplate(locale: Locale): { schedule: SheetCell[][]; help: SheetCell[][] } {
  const header = sheetHeader(locale);
  const examples = EXAMPLES.map((example) =>
    DEMAND_COLUMNS.map((column) =>
      column.key === 'remark' ? EXAMPLE_ROW_MARKER[locale] : (example[column.key] ?? null),
    ),
  );
  const help = DEMAND_COLUMNS.map((column, index) => [
    header[index] ?? column.label[locale],
    column.required ? REQUIRED[locale] : null,
    COLUMN_HELP[column.key][locale],
  ]);
  return {
    schedule: [header, ...examples],
    help: [[HELP_HEADER.column[locale], HELP_HEADER.required[locale], HELP_HEADER.help[locale]], ...help],
  };
}
