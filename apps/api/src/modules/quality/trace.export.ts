import { machineLabel, type ForwardTrace, type Locale, type Localized } from '@armature/domain';
import type { SheetOut } from '../../core/documents/workbook.ts';

const HEADERS = {
  orderCode: { 'zh-CN': '订单', 'en-US': 'Order', 'fr-FR': 'Commande' },
  project: { 'zh-CN': '工程', 'en-US': 'Project', 'fr-FR': 'Chantier' },
  mark: { 'zh-CN': '编号', 'en-US': 'Mark', 'fr-FR': 'Repère' },
  rebarName: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Spécification' },
  length: { 'zh-CN': '长度 (mm)', 'en-US': 'Length (mm)', 'fr-FR': 'Longueur (mm)' },
  pieces: { 'zh-CN': '件数', 'en-US': 'Pieces', 'fr-FR': 'Pièces' },
  status: { 'zh-CN': '状态', 'en-US': 'Status', 'fr-FR': 'État' },
  taskCode: { 'zh-CN': '任务', 'en-US': 'Task', 'fr-FR': 'Tâche' },
  equipmentName: { 'zh-CN': '设备', 'en-US': 'Machine', 'fr-FR': 'Machine' },
  finishedAt: { 'zh-CN': '完工时间', 'en-US': 'Finished', 'fr-FR': 'Terminée le' },
  deliveryCode: { 'zh-CN': '发货单', 'en-US': 'Delivery note', 'fr-FR': 'Bon de livraison' },
  site: { 'zh-CN': '工地', 'en-US': 'Site', 'fr-FR': 'Chantier de livraison' },
  deliveredAt: { 'zh-CN': '发货时间', 'en-US': 'Delivered', 'fr-FR': 'Livrée le' },
  scanId: { 'zh-CN': '标签码', 'en-US': 'Tag id', 'fr-FR': 'Code d’étiquette' },
} satisfies Record<string, Localized>;

const STATUS: Readonly<Record<string, Localized>> = {
  produced: { 'zh-CN': '在库', 'en-US': 'In stock', 'fr-FR': 'En stock' },
  delivered: { 'zh-CN': '已发货', 'en-US': 'Delivered', 'fr-FR': 'Livrée' },
};

const SHEET = { 'zh-CN': '炉号', 'en-US': 'Heat', 'fr-FR': 'Coulée' } satisfies Localized;

/** The recall list of a heat as an .xlsx: one row per bundle, headers in the caller's language. */
export function heatTraceSheet(trace: ForwardTrace, locale: Locale): SheetOut {
  const header = Object.values(HEADERS).map((label) => label[locale]);
  const rows = trace.bundles.map((bundle) => [
    bundle.orderCode,
    bundle.project,
    bundle.mark,
    bundle.rebarName,
    bundle.length,
    bundle.pieces,
    STATUS[bundle.status]?.[locale] ?? bundle.status,
    bundle.taskCode,
    machineLabel({ name: bundle.equipmentName, serialNumber: bundle.serialNumber }),
    bundle.finishedAt,
    bundle.delivery?.code ?? null,
    bundle.delivery?.site ?? null,
    bundle.delivery?.deliveredAt ?? null,
    bundle.scanId,
  ]);
  // Sheet names may not hold : \ / ? * [ ].
  return { name: `${SHEET[locale]} ${trace.heatNo.replace(/[:\\/?*[\]]/g, '-')}`, rows: [header, ...rows] };
}
