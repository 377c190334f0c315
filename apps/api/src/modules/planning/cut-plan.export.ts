import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BAR_SOURCE_LABELS,
  CUT_PLAN_STATUS_LABELS,
  colourIndexOf,
  diagramSegments,
  type CutPlanDetail,
  type Locale,
  type Localized,
  type SheetCell,
} from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { openPdf, sendPdf } from '../../core/documents/pdf.ts';
import { sendWorkbook, type SheetOut } from '../../core/documents/workbook.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { planLines } from './cut-plan.query.ts';

const T = {
  plan: { 'zh-CN': '优化加工方案', 'en-US': 'Cutting plan', 'fr-FR': 'Plan de coupe' },
  cutList: { 'zh-CN': '下料单', 'en-US': 'Cut list', 'fr-FR': 'Liste de coupe' },
  materials: { 'zh-CN': '原材料', 'en-US': 'Raw materials', 'fr-FR': 'Matières' },
  spec: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Spécification' },
  pattern: { 'zh-CN': '方案', 'en-US': 'Pattern', 'fr-FR': 'Schéma' },
  stockLength: { 'zh-CN': '原材长度', 'en-US': 'Bar length', 'fr-FR': 'Longueur de barre' },
  source: { 'zh-CN': '来源', 'en-US': 'Source', 'fr-FR': 'Origine' },
  heatNo: { 'zh-CN': '炉号', 'en-US': 'Heat no.', 'fr-FR': 'N° de coulée' },
  bars: { 'zh-CN': '根数', 'en-US': 'Bars', 'fr-FR': 'Barres' },
  cuts: { 'zh-CN': '切割', 'en-US': 'Cuts', 'fr-FR': 'Coupes' },
  order: { 'zh-CN': '订单', 'en-US': 'Order', 'fr-FR': 'Commande' },
  mark: { 'zh-CN': '编号', 'en-US': 'Mark', 'fr-FR': 'Repère' },
  length: { 'zh-CN': '长度', 'en-US': 'Length', 'fr-FR': 'Longueur' },
  pieces: { 'zh-CN': '每根件数', 'en-US': 'Pieces a bar', 'fr-FR': 'Pièces par barre' },
  offcut: { 'zh-CN': '余料', 'en-US': 'Offcut', 'fr-FR': 'Chute' },
  tail: { 'zh-CN': '余料入库', 'en-US': 'tail', 'fr-FR': 'chute' },
  waste: { 'zh-CN': '废料', 'en-US': 'waste', 'fr-FR': 'rebut' },
  count: { 'zh-CN': '数量', 'en-US': 'Count', 'fr-FR': 'Nombre' },
  weight: { 'zh-CN': '重量 (kg)', 'en-US': 'Weight (kg)', 'fr-FR': 'Poids (kg)' },
  demand: { 'zh-CN': '需求重量', 'en-US': 'Demand', 'fr-FR': 'Besoin' },
  material: { 'zh-CN': '用料重量', 'en-US': 'Material', 'fr-FR': 'Matière' },
  useRate: { 'zh-CN': '利用率', 'en-US': 'Use rate', 'fr-FR': 'Taux d’utilisation' },
  kerf: { 'zh-CN': '切口', 'en-US': 'Kerf', 'fr-FR': 'Trait de coupe' },
  trim: { 'zh-CN': '端头', 'en-US': 'End trim', 'fr-FR': 'Chute de tête' },
  unplaced: { 'zh-CN': '未排料', 'en-US': 'Unplaced', 'fr-FR': 'Non placées' },
} satisfies Record<string, Localized>;

/** Pattern diagrams' piece colours (the web's palette is the theme's; print uses these). */
const PALETTE = [
  '#5B8FF9',
  '#5AD8A6',
  '#F6BD16',
  '#E8684A',
  '#6DC8EC',
  '#9270CA',
  '#FF9D4D',
  '#269A99',
  '#FF99C3',
  '#A0DC2C',
  '#7262FD',
  '#BDD2FD',
];

type LineInfo = { mark: string; orderCode: string; shapeCode: string | null; lineNo: number };

async function lineInfo(db: Db, planId: string): Promise<Map<string, LineInfo>> {
  const rows = await planLines(db, planId);
  return new Map(rows.map((row) => [row.orderLineId, row]));
}

/** `GET /api/cutPlan/{id}/export?format=xlsx|pdf`: the current run's cut list, or its printable diagrams. */
export async function exportCutPlan(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  plan: CutPlanDetail,
  format: 'xlsx' | 'pdf',
) {
  const locale = localeOf(request);
  const lines = await lineInfo(db, plan.id);
  if (format === 'pdf') return sendPdf(reply, plan.code, await cutPlanPdf(plan, lines, locale));
  return sendWorkbook(reply, `${plan.code}.xlsx`, cutPlanSheets(plan, lines, locale));
}

/** The cut list: one row per pattern and order line (bars, pieces a bar), and the raw materials. */
function cutPlanSheets(plan: CutPlanDetail, lines: Map<string, LineInfo>, locale: Locale): SheetOut[] {
  const cutList: SheetCell[][] = [
    [
      T.spec[locale],
      T.pattern[locale],
      T.stockLength[locale],
      T.source[locale],
      T.heatNo[locale],
      T.bars[locale],
      T.order[locale],
      T.mark[locale],
      T.length[locale],
      T.pieces[locale],
      T.offcut[locale],
      null,
    ],
  ];
  for (const group of plan.groups) {
    const spec = `${group.grade} Φ${group.diameter}`;
    group.patterns.forEach((pattern, index) => {
      for (const cut of pattern.cuts) {
        const line = lines.get(cut.orderLineId);
        cutList.push([
          spec,
          index + 1,
          pattern.stockLength,
          BAR_SOURCE_LABELS[pattern.source][locale],
          pattern.heatNo ?? '',
          pattern.count,
          line?.orderCode ?? '',
          line?.mark ?? '',
          cut.length,
          cut.count,
          pattern.offcut,
          T[pattern.offcutKind][locale],
        ]);
      }
    });
    for (const piece of group.unplaced) {
      const line = lines.get(piece.orderLineId);
      cutList.push([
        spec,
        T.unplaced[locale],
        null,
        null,
        null,
        null,
        line?.orderCode ?? '',
        line?.mark ?? '',
        piece.length,
        piece.count,
      ]);
    }
  }
  const materials: SheetCell[][] = [
    [T.spec[locale], T.source[locale], T.stockLength[locale], T.count[locale], T.weight[locale]],
    ...(plan.totals?.rawMaterials ?? []).map((row) => [
      row.grade ? `${row.grade} Φ${row.diameter}` : '',
      BAR_SOURCE_LABELS[row.source][locale],
      row.length,
      row.count,
      row.weight,
    ]),
  ];
  return [
    { name: T.cutList[locale], rows: cutList, widths: [16, 8, 12, 14, 14, 8, 18, 12, 10, 10, 10, 10] },
    { name: T.materials[locale], rows: materials, widths: [16, 14, 12, 8, 12] },
  ];
}

/** A4 landscape: the plan's header and totals, then per group each pattern's bar drawn to scale. */
async function cutPlanPdf(plan: CutPlanDetail, lines: Map<string, LineInfo>, locale: Locale): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: plan.code },
  });
  const colours = colourIndexOf([...lines.keys()], PALETTE.length);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.fontSize(16).text(`${T.plan[locale]} ${plan.code}`, { continued: false });
  doc
    .fontSize(9)
    .text(
      `${plan.planDate} · ${CUT_PLAN_STATUS_LABELS[plan.status][locale]} · ${plan.specs} · ${plan.orderCodes.join(', ')}`,
    );
  if (plan.totals) {
    const t = plan.totals;
    doc.text(
      `${T.demand[locale]} ${t.demandWeight} kg · ${T.material[locale]} ${t.materialWeight} kg · ${T.useRate[locale]} ${(t.useRate * 100).toFixed(2)} % · ${T.bars[locale]} ${t.bars} · ${T.kerf[locale]} ${plan.settings.kerf} mm · ${T.trim[locale]} ${plan.settings.endTrim} mm`,
    );
  }
  doc.moveDown(0.5);

  for (const group of plan.groups) {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.fontSize(12).text(`${group.grade} Φ${group.diameter}`, left);
    group.patterns.forEach((pattern, index) => {
      const barHeight = 18;
      if (doc.y + barHeight + 30 > bottom()) doc.addPage();
      const heading = `#${index + 1}  ${pattern.stockLength} mm · ${BAR_SOURCE_LABELS[pattern.source][locale]}${pattern.heatNo ? ` ${pattern.heatNo}` : ''} × ${pattern.count}`;
      doc.fontSize(8).fillColor('black').text(heading, left);
      const top = doc.y + 2;
      const scale = width / pattern.stockLength;
      const segments = diagramSegments({
        stockLength: pattern.stockLength,
        kerf: plan.settings.kerf,
        endTrim: plan.settings.endTrim,
        cuts: pattern.cuts.map((cut) => ({ ...cut, mark: lines.get(cut.orderLineId)?.mark ?? null })),
        offcutKind: pattern.offcutKind,
      });
      for (const segment of segments) {
        const x = left + segment.start * scale;
        const w = Math.max(0.5, segment.length * scale);
        const fill =
          segment.kind === 'piece'
            ? PALETTE[colours.get(segment.orderLineId ?? '') ?? 0]!
            : segment.kind === 'offcut'
              ? segment.offcutKind === 'tail'
                ? '#D9D9D9'
                : '#8C8C8C'
              : '#000000';
        doc.rect(x, top, w, barHeight).fillAndStroke(fill, '#595959');
        if (segment.kind === 'piece' || segment.kind === 'offcut') {
          const label =
            segment.kind === 'piece'
              ? `${segment.label} ${segment.length}`
              : `${T[segment.offcutKind ?? 'waste'][locale]} ${segment.length}`;
          if (doc.widthOfString(label) < w - 2)
            doc
              .fillColor('black')
              .fontSize(7)
              .text(label, x + 1, top + 5, { width: w - 2, align: 'center', lineBreak: false });
        }
      }
      doc.fillColor('black');
      doc.y = top + barHeight + 6;
      doc.x = left;
    });
    if (group.unplaced.length) {
      doc
        .fontSize(8)
        .fillColor('black')
        .text(
          `${T.unplaced[locale]}: ${group.unplaced.map((piece) => `${lines.get(piece.orderLineId)?.mark ?? ''} ${piece.length} × ${piece.count}`).join(', ')}`,
          left,
        );
    }
    doc.moveDown(0.5);
  }
  doc.end();
  return bytes;
}
