import type { FastifyReply } from 'fastify';
import type { Inspection, Locale, Localized, SheetCell } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { sendWorkbook } from '../../core/documents/workbook.ts';
import { allInspections, type InspectionFilters } from './inspection.query.ts';

const HEADERS: readonly Localized[] = [
  { 'zh-CN': '检验单号', 'en-US': 'Inspection', 'fr-FR': 'Contrôle' },
  { 'zh-CN': '检验时间', 'en-US': 'Inspected at', 'fr-FR': 'Contrôlé le' },
  { 'zh-CN': '类型', 'en-US': 'Kind', 'fr-FR': 'Type' },
  { 'zh-CN': '工艺', 'en-US': 'Technique', 'fr-FR': 'Technique' },
  { 'zh-CN': '收料单/任务', 'en-US': 'Receipt / task', 'fr-FR': 'Réception / tâche' },
  { 'zh-CN': '设备', 'en-US': 'Machine', 'fr-FR': 'Machine' },
  { 'zh-CN': '炉批号', 'en-US': 'Heat number', 'fr-FR': 'N° de coulée' },
  { 'zh-CN': '件号', 'en-US': 'Piece', 'fr-FR': 'Pièce' },
  { 'zh-CN': '检验特性', 'en-US': 'Characteristic', 'fr-FR': 'Caractéristique' },
  { 'zh-CN': '实测值', 'en-US': 'Value', 'fr-FR': 'Valeur' },
  { 'zh-CN': '下限', 'en-US': 'Lower limit', 'fr-FR': 'Limite inférieure' },
  { 'zh-CN': '上限', 'en-US': 'Upper limit', 'fr-FR': 'Limite supérieure' },
  { 'zh-CN': '结果', 'en-US': 'Result', 'fr-FR': 'Résultat' },
  { 'zh-CN': '检验员', 'en-US': 'Inspector', 'fr-FR': 'Contrôleur' },
];

const KIND: Record<Inspection['kind'], Localized> = {
  receipt: { 'zh-CN': '进场检验', 'en-US': 'Receipt', 'fr-FR': 'Réception' },
  production: { 'zh-CN': '过程检验', 'en-US': 'Production', 'fr-FR': 'Production' },
};

const RESULT: Record<Inspection['result'], Localized> = {
  pass: { 'zh-CN': '合格', 'en-US': 'Pass', 'fr-FR': 'Conforme' },
  fail: { 'zh-CN': '不合格', 'en-US': 'Fail', 'fr-FR': 'Non conforme' },
};

const SHEET: Localized = { 'zh-CN': '检验记录', 'en-US': 'Inspections', 'fr-FR': 'Contrôles' };

/** One row per check: the inspection's header repeated, then the check. */
function rowsOf(inspection: Inspection, locale: Locale): SheetCell[][] {
  return inspection.checks.map((check) => [
    inspection.code,
    inspection.inspectedAt,
    KIND[inspection.kind][locale],
    inspection.techniqueName,
    inspection.receipt?.code ?? inspection.task?.code ?? '',
    inspection.equipment?.name ?? '',
    inspection.heatNo,
    inspection.pieceNo,
    check.unit ? `${check.name} (${check.unit})` : check.name,
    check.value,
    check.lowerLimit,
    check.upperLimit,
    RESULT[check.result][locale],
    inspection.inspectorName ?? '',
  ]);
}

/** `GET /api/inspection/export`: the inspections the filters match, newest first, as .xlsx in the caller's language. */
export async function exportInspections(
  db: Db,
  reply: FastifyReply,
  productId: string,
  query: InspectionFilters,
  locale: Locale,
) {
  const found = await allInspections(db, productId, query, locale);
  const rows = [HEADERS.map((header) => header[locale]), ...found.flatMap((inspection) => rowsOf(inspection, locale))];
  return sendWorkbook(reply, 'inspections.xlsx', [{ name: SHEET[locale], rows }]);
}
