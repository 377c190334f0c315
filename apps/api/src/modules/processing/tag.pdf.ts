import { TAG_LABELS as T, bundleTagLines, drawingPoints, scanUrl, type Leg, type Locale } from '@armature/domain';
import type { PrintableTag } from './bundle.query.ts';
import { pdf417Png, qrPng } from '../../core/documents/labels.ts';
import { mm, openPdf } from '../../core/documents/pdf.ts';

/** A label: 100 × 150 mm, drawn in its own points and scaled onto an A4 sheet when several share one. */
const LABEL = { width: mm(100), height: mm(150) };
const PAD = mm(4);
/** A4 holds 2 × 2 labels at 99 % (A6 cells, 105 × 148.5 mm). */
const A4 = { width: mm(210), height: mm(297), columns: 2, rows: 2 };

export type TagLayout = 'label' | 'a4';

/**
 * The tags as a PDF: one 100 × 150 mm label per page (`label`, for a label printer), or four to an A4
 * sheet (`a4`). Each shows exactly the tag's fields, the shape with its leg dimensions, the QR code of
 * `<origin>/scan/<scanId>` with the bundle's code under it and, when it fits, a PDF417 with the line's
 * BVBS record.
 */
export async function tagsPdf(
  tags: readonly PrintableTag[],
  layout: TagLayout,
  origin: string,
  locale: Locale,
): Promise<Buffer> {
  const grid = layout === 'label' ? { ...LABEL, columns: 1, rows: 1 } : A4;
  const { doc, bytes } = await openPdf({
    size: [grid.width, grid.height],
    margin: 0,
    autoFirstPage: tags.length === 0,
    info: { Title: T.title[locale] },
  });
  const cell = { width: grid.width / grid.columns, height: grid.height / grid.rows };
  const scale = Math.min(1, cell.width / LABEL.width, cell.height / LABEL.height);
  const images = await Promise.all(
    tags.map(async (each) => ({ qr: await qrPng(scanUrl(origin, each.scanId)), pdf417: await pdf417Png(each.bvbs) })),
  );
  tags.forEach((each, index) => {
    const slot = index % (grid.columns * grid.rows);
    if (slot === 0) doc.addPage();
    const x = (slot % grid.columns) * cell.width + (cell.width - LABEL.width * scale) / 2;
    const y = Math.floor(slot / grid.columns) * cell.height + (cell.height - LABEL.height * scale) / 2;
    doc.save();
    doc.translate(x, y).scale(scale);
    drawLabel(doc, each, images[index]!, locale);
    doc.restore();
  });
  doc.end();
  return bytes;
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  { tag, code }: PrintableTag,
  images: { qr: Buffer; pdf417: Buffer | null },
  locale: Locale,
) {
  const width = LABEL.width - 2 * PAD;
  doc
    .lineWidth(0.5)
    .strokeColor('#000000')
    .rect(1, 1, LABEL.width - 2, LABEL.height - 2)
    .stroke();
  if (tag.superseded) {
    // A revision made these pieces invalid: the plant line gives way to a reversed banner no one misses.
    doc.rect(PAD - 2, PAD - 3, width + 4, 15).fill('#000000');
    doc
      .fillColor('#ffffff')
      .fontSize(10)
      .text(T.superseded[locale], PAD, PAD, { width, align: 'center', lineBreak: false });
    doc.fillColor('#000000');
  } else doc.fillColor('#000000').fontSize(9).text(tag.plant, PAD, PAD, { width, lineBreak: false, ellipsis: true });
  const qrSize = mm(32);
  const top = PAD + 14;
  doc.image(images.qr, LABEL.width - PAD - qrSize, top, { width: qrSize, height: qrSize });
  // The code a person types when the QR cannot be scanned, in the QR's quiet zone right under it.
  doc.fontSize(12).text(code, LABEL.width - PAD - qrSize, top + qrSize - 4, {
    width: qrSize,
    align: 'center',
    lineBreak: false,
  });
  const textWidth = width - qrSize - 6;
  doc.fontSize(8).text(T.mark[locale], PAD, top, { width: textWidth });
  doc.fontSize(26).text(tag.mark, PAD, top + 9, { width: textWidth, lineBreak: false, ellipsis: true });
  doc.fontSize(13).text(tag.spec, PAD, top + 44, { width: textWidth, lineBreak: false });
  doc.fontSize(11).text(`${T.bundle[locale]} ${tag.bundleNo}/${tag.bundleCount}`, PAD, top + 64, {
    width: textWidth,
    lineBreak: false,
  });

  let y = top + qrSize + 12;
  // Seven lines at 15 pt leave the PDF417 under the shape its 24 mm.
  for (const [label, value] of bundleTagLines(tag, locale)) {
    doc.fontSize(8).text(label, PAD, y + 2, { width: mm(24), lineBreak: false });
    doc.fontSize(11).text(value, PAD + mm(25), y, { width: width - mm(25), lineBreak: false, ellipsis: true });
    y += 15;
  }

  const shapeTop = y + 4;
  const shapeHeight = mm(36);
  doc.lineWidth(0.5).rect(PAD, shapeTop, width, shapeHeight).stroke();
  doc.fontSize(7).text(`${T.shape[locale]}${tag.shapeCode ? ` ${tag.shapeCode}` : ''}`, PAD + 3, shapeTop + 3, {
    lineBreak: false,
  });
  drawShape(doc, tag.geometry, tag.cutLength, { x: PAD, y: shapeTop, width, height: shapeHeight });

  if (images.pdf417) {
    const barcodeTop = shapeTop + shapeHeight + 6;
    const room = LABEL.height - PAD - barcodeTop;
    doc.image(images.pdf417, PAD, barcodeTop, { fit: [width, room], align: 'center', valign: 'center' });
  }
}

/** The bar to scale inside `box`, each leg's length written beside it, away from the shape's middle. */
function drawShape(
  doc: PDFKit.PDFDocument,
  geometry: readonly Leg[],
  cutLength: number,
  box: { x: number; y: number; width: number; height: number },
) {
  const legs = geometry.length > 0 ? geometry : [{ length: cutLength, angle: 0 }];
  const points = drawingPoints(legs);
  const pad = 22;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(
    spanX > 0 ? (box.width - 2 * pad) / spanX : Infinity,
    spanY > 0 ? (box.height - 2 * pad) / spanY : Infinity,
  );
  const s = Number.isFinite(scale) ? scale : 1;
  const ox = box.x + (box.width - spanX * s) / 2;
  const oy = box.y + (box.height - spanY * s) / 2;
  const screen = points.map((p) => ({ x: ox + (p.x - minX) * s, y: oy + (maxY - p.y) * s }));
  const centre = {
    x: screen.reduce((sum, p) => sum + p.x, 0) / screen.length,
    y: screen.reduce((sum, p) => sum + p.y, 0) / screen.length,
  };
  doc.lineWidth(2).lineJoin('round').lineCap('round');
  screen.forEach((p, index) => (index === 0 ? doc.moveTo(p.x, p.y) : doc.lineTo(p.x, p.y)));
  doc.stroke();
  doc.lineWidth(0.5);
  doc.fontSize(8);
  for (let index = 0; index < screen.length - 1; index++) {
    const from = screen[index]!;
    const to = screen[index + 1]!;
    const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
    const middle = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
    let normal = { x: -(to.y - from.y) / length, y: (to.x - from.x) / length };
    const away = (middle.x - centre.x) * normal.x + (middle.y - centre.y) * normal.y;
    if (away < 0 || (Math.abs(away) < 1e-6 && normal.y > 0)) normal = { x: -normal.x, y: -normal.y };
    const label = String(legs[index]?.length ?? '');
    const labelWidth = doc.widthOfString(label);
    doc.text(label, middle.x + normal.x * 10 - labelWidth / 2, middle.y + normal.y * 10 - 4, { lineBreak: false });
  }
}
