import type { Locale, Localized, MakeBomDetail } from '@armature/domain';
import type { SheetOut } from '../../core/documents/workbook.ts';

const HEADERS: readonly Localized[] = [
  { 'zh-CN': '层级', 'en-US': 'Level', 'fr-FR': 'Niveau' },
  { 'zh-CN': '零件编码', 'en-US': 'Part code', 'fr-FR': 'Code pièce' },
  { 'zh-CN': '零件名称', 'en-US': 'Part name', 'fr-FR': 'Désignation' },
  { 'zh-CN': '用量', 'en-US': 'Quantity', 'fr-FR': 'Quantité' },
  { 'zh-CN': '单位', 'en-US': 'Unit', 'fr-FR': 'Unité' },
  { 'zh-CN': '工艺', 'en-US': 'Techniques', 'fr-FR': 'Techniques' },
  { 'zh-CN': '工序号', 'en-US': 'Sequence', 'fr-FR': 'Séquence' },
  { 'zh-CN': '工作中心', 'en-US': 'Work centre', 'fr-FR': 'Poste de charge' },
  { 'zh-CN': '自制/外购', 'en-US': 'Make or buy', 'fr-FR': 'Fabriqué ou acheté' },
];

const MAKE_OR_BUY: Record<MakeBomDetail['nodes'][number]['makeOrBuy'], Localized> = {
  make: { 'zh-CN': '自制', 'en-US': 'Make', 'fr-FR': 'Fabriqué' },
  buy: { 'zh-CN': '外购', 'en-US': 'Buy', 'fr-FR': 'Acheté' },
};

const SHEET: Localized = { 'zh-CN': '工艺路线', 'en-US': 'Routing', 'fr-FR': 'Gamme' };

/**
 * The routing sheet of a manufacturing BOM: one row per node, pre-order, its level (root 0) and the
 * part code indented by level, headers in the caller's language.
 */
export function makeBomSheet(bom: MakeBomDetail, locale: Locale): SheetOut {
  const rows = [
    HEADERS.map((header) => header[locale]),
    ...bom.nodes.map((node) => [
      node.depth,
      `${'  '.repeat(node.depth)}${node.partCode}`,
      node.partName,
      node.quantity,
      node.partUnit,
      node.techniqueNames.join(', '),
      node.sequence,
      node.workCentre ?? '',
      MAKE_OR_BUY[node.makeOrBuy][locale],
    ]),
  ];
  return { name: SHEET[locale], rows };
}
