import type { Locale, Localized } from '../core/i18n/locales.ts';
import type { BundleTag } from './bundle.schema.ts';

/** The captions of a bundle tag, the same on its PDF and its ZPL. */
export const TAG_LABELS = {
  title: { 'zh-CN': '钢筋料牌', 'en-US': 'Rebar tag', 'fr-FR': 'Étiquette d’armature' },
  project: { 'zh-CN': '工程', 'en-US': 'Project', 'fr-FR': 'Chantier' },
  order: { 'zh-CN': '订单', 'en-US': 'Order', 'fr-FR': 'Commande' },
  mark: { 'zh-CN': '编号', 'en-US': 'Mark', 'fr-FR': 'Repère' },
  spec: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Nuance' },
  shape: { 'zh-CN': '形状', 'en-US': 'Shape', 'fr-FR': 'Forme' },
  cutLength: { 'zh-CN': '下料长度', 'en-US': 'Cut length', 'fr-FR': 'Longueur de coupe' },
  pieces: { 'zh-CN': '根数', 'en-US': 'Pieces', 'fr-FR': 'Pièces' },
  weight: { 'zh-CN': '重量', 'en-US': 'Weight', 'fr-FR': 'Poids' },
  bundle: { 'zh-CN': '捆号', 'en-US': 'Bundle', 'fr-FR': 'Fardeau' },
  date: { 'zh-CN': '生产日期', 'en-US': 'Produced', 'fr-FR': 'Fabriqué le' },
  heats: { 'zh-CN': '炉号', 'en-US': 'Heats', 'fr-FR': 'Coulées' },
  heatUnknown: { 'zh-CN': '炉号未知', 'en-US': 'heat unknown', 'fr-FR': 'coulée inconnue' },
  superseded: {
    'zh-CN': '已作废 · 勿发货',
    'en-US': 'SUPERSEDED - DO NOT SHIP',
    'fr-FR': 'PÉRIMÉ - NE PAS LIVRER',
  },
} satisfies Record<string, Localized>;

/** The captioned lines under a tag's mark: the one definition its PDF and its ZPL both print. */
export function bundleTagLines(tag: BundleTag, locale: Locale): [caption: string, value: string][] {
  return [
    [TAG_LABELS.project[locale], tag.project],
    [TAG_LABELS.order[locale], tag.orderCode],
    [TAG_LABELS.cutLength[locale], `${tag.cutLength} mm`],
    [TAG_LABELS.pieces[locale], String(tag.pieces)],
    [TAG_LABELS.weight[locale], `${tag.weight.toFixed(3)} kg`],
    [TAG_LABELS.date[locale], tag.productionDate],
    [TAG_LABELS.heats[locale], tag.heatNos.length ? tag.heatNos.join(', ') : TAG_LABELS.heatUnknown[locale]],
  ];
}

/** What one bending-machine scanner reads at most per line (CRLF included): a longer BVBS record gets no PDF417. */
export const MAX_BVBS_BYTES = 249;
