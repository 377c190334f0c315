import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { OFFCUT_LABEL_TEXT as T, offcutLabelLines, type Locale, type OffcutLabelData } from '@armature/domain';
import type { Db } from '../../core/db/client.ts';
import { qrPng } from '../../core/documents/labels.ts';
import { mm, openPdf } from '../../core/documents/pdf.ts';
import { rebars } from '../master-data/master-data.table.ts';
import { offcutLots } from './offcut-lot.table.ts';
import { stockLocations } from './stock-location.table.ts';
import { stocks } from './stock.table.ts';

/** The offcut lots a task kept that still have bars, one label per lot and location, in code order. */
export async function offcutLabelsOfTask(db: Db, productId: string, taskId: string): Promise<OffcutLabelData[]> {
  const rows = await db
    .select({
      code: offcutLots.code,
      scanId: offcutLots.scanId,
      spec: rebars.name,
      length: offcutLots.length,
      count: stocks.quantity,
      heatNos: offcutLots.heatNos,
      sourceCode: offcutLots.sourceCode,
      madeAt: offcutLots.madeAt,
      location: sql<string | null>`${stockLocations.code}`,
    })
    .from(offcutLots)
    .innerJoin(stocks, eq(stocks.lotId, offcutLots.id))
    .innerJoin(rebars, eq(rebars.id, offcutLots.rebarId))
    .leftJoin(stockLocations, eq(stockLocations.id, stocks.locationId))
    .where(and(eq(offcutLots.productId, productId), eq(offcutLots.taskId, taskId), gt(stocks.quantity, 0)))
    .orderBy(asc(offcutLots.code), asc(stockLocations.code));
  return rows.map((row) => ({ ...row, madeAt: new Date(row.madeAt).toISOString() }));
}

/** A label: 100 × 60 mm, on the same label printers as bundle tags. */
const LABEL = { width: mm(100), height: mm(60) };
const PAD = mm(3);

/**
 * The labels as a PDF, one per page: the QR of the lot's scan id (scanned into the offcut stock's search,
 * it finds the lot) with the lot code under it for typing, the spec, length, bars, heats (or "heat
 * unknown"), the document that kept it, the day and the location.
 */
export async function offcutLabelsPdf(labels: readonly OffcutLabelData[], locale: Locale): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    size: [LABEL.width, LABEL.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: T.title[locale] },
  });
  const qrs = await Promise.all(labels.map((label) => qrPng(label.scanId)));
  labels.forEach((label, index) => {
    doc.addPage();
    doc
      .lineWidth(0.5)
      .rect(1, 1, LABEL.width - 2, LABEL.height - 2)
      .stroke();
    const qrSize = mm(34);
    const qrX = LABEL.width - PAD - qrSize;
    doc.image(qrs[index]!, qrX, PAD, { width: qrSize, height: qrSize });
    doc.fontSize(11).text(label.code, qrX - mm(4), PAD + qrSize, {
      width: qrSize + mm(8),
      align: 'center',
      lineBreak: false,
    });
    const width = qrX - 2 * PAD;
    let y = PAD;
    for (const [caption, value] of offcutLabelLines(label, locale)) {
      doc.fontSize(7).text(caption, PAD, y + 2, { width: mm(16), lineBreak: false });
      doc.fontSize(10).text(value, PAD + mm(17), y, { width: width - mm(17), lineBreak: false, ellipsis: true });
      y += 15;
    }
  });
  doc.end();
  return bytes;
}
