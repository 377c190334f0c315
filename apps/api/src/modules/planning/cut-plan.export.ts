import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import {
  BAR_SOURCE_LABELS,
  CUT_PLAN_STATUS_LABELS,
  colourIndexOf,
  diagramSegments,
  type CutPlanDetail,
  type Locale,
  type Localized,
} from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { contentDisposition } from '../../core/files/content-disposition.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { planLines } from './cut-plan.query.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Noto Sans Hans (SIL Open Font License) from `@embedpdf/fonts-sc`: an OpenType (CFF) font pdfkit
 * embeds and subsets, so a PDF carries only the glyphs it uses (a few dozen kB, not the 8 MB file).
 */
export const cjkFont = () =>
  // The package exports only its script: the font is found beside it.
  join(
    dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')),
    '..',
    'fonts',
    'NotoSansHans-Regular.otf',
  );

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
  if (format === 'pdf') {
    const pdf = await cutPlanPdf(plan, lines, locale);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${plan.code}.pdf`))
      .send(pdf);
  }
  const xlsx = await cutPlanWorkbook(plan, lines, locale);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition('attachment', `${plan.code}.xlsx`))
    .send(xlsx);
}

/** The cut list: one row per pattern and order line (bars, pieces a bar), and the raw materials. */
export async function cutPlanWorkbook(
  plan: CutPlanDetail,
  lines: Map<string, LineInfo>,
  locale: Locale,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Armature';
  const sheet = book.addWorksheet(T.cutList[locale]);
  sheet.columns = [
    { header: T.spec[locale], key: 'spec', width: 16 },
    { header: T.pattern[locale], key: 'pattern', width: 8 },
    { header: T.stockLength[locale], key: 'stockLength', width: 12 },
    { header: T.source[locale], key: 'source', width: 14 },
    { header: T.heatNo[locale], key: 'heatNo', width: 14 },
    { header: T.bars[locale], key: 'bars', width: 8 },
    { header: T.order[locale], key: 'order', width: 18 },
    { header: T.mark[locale], key: 'mark', width: 12 },
    { header: T.length[locale], key: 'length', width: 10 },
    { header: T.pieces[locale], key: 'pieces', width: 10 },
    { header: T.offcut[locale], key: 'offcut', width: 10 },
    { header: '', key: 'offcutKind', width: 10 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const group of plan.groups) {
    group.patterns.forEach((pattern, index) => {
      for (const cut of pattern.cuts) {
        const line = lines.get(cut.orderLineId);
        sheet.addRow({
          spec: `${group.grade} Φ${group.diameter}`,
          pattern: index + 1,
          stockLength: pattern.stockLength,
          source: BAR_SOURCE_LABELS[pattern.source][locale],
          heatNo: pattern.heatNo ?? '',
          bars: pattern.count,
          order: line?.orderCode ?? '',
          mark: line?.mark ?? '',
          length: cut.length,
          pieces: cut.count,
          offcut: pattern.offcut,
          offcutKind: T[pattern.offcutKind][locale],
        });
      }
    });
    for (const piece of group.unplaced) {
      const line = lines.get(piece.orderLineId);
      sheet.addRow({
        spec: `${group.grade} Φ${group.diameter}`,
        pattern: T.unplaced[locale],
        order: line?.orderCode ?? '',
        mark: line?.mark ?? '',
        length: piece.length,
        pieces: piece.count,
      });
    }
  }
  const materials = book.addWorksheet(T.materials[locale]);
  materials.columns = [
    { header: T.spec[locale], key: 'spec', width: 16 },
    { header: T.source[locale], key: 'source', width: 14 },
    { header: T.stockLength[locale], key: 'length', width: 12 },
    { header: T.count[locale], key: 'count', width: 8 },
    { header: T.weight[locale], key: 'weight', width: 12 },
  ];
  materials.getRow(1).font = { bold: true };
  for (const row of plan.totals?.rawMaterials ?? [])
    materials.addRow({
      spec: row.grade ? `${row.grade} Φ${row.diameter}` : '',
      source: BAR_SOURCE_LABELS[row.source][locale],
      length: row.length,
      count: row.count,
      weight: row.weight,
    });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A4 landscape: the plan's header and totals, then per group each pattern's bar drawn to scale. */
export function cutPlanPdf(plan: CutPlanDetail, lines: Map<string, LineInfo>, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: plan.code } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
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
  return done;
}
