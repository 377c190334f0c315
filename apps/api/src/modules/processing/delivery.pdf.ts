import { plantDayOf, type DeliveryNoteDetail, type DeliveryProof, type Locale, type Localized } from '@armature/domain';
import { mm, openPdf } from '../../core/documents/pdf.ts';

const T = {
  title: { 'zh-CN': '发货单', 'en-US': 'Delivery note', 'fr-FR': 'Bon de livraison' },
  plant: { 'zh-CN': '发货单位', 'en-US': 'From', 'fr-FR': 'Expéditeur' },
  site: { 'zh-CN': '工地', 'en-US': 'Site', 'fr-FR': 'Chantier' },
  vehicle: { 'zh-CN': '车辆', 'en-US': 'Vehicle', 'fr-FR': 'Véhicule' },
  receiver: { 'zh-CN': '收货人', 'en-US': 'Receiver', 'fr-FR': 'Destinataire' },
  date: { 'zh-CN': '发货日期', 'en-US': 'Date', 'fr-FR': 'Date' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark', 'fr-FR': 'Remarque' },
  order: { 'zh-CN': '订单', 'en-US': 'Order', 'fr-FR': 'Commande' },
  mark: { 'zh-CN': '编号', 'en-US': 'Mark', 'fr-FR': 'Repère' },
  spec: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Nuance' },
  length: { 'zh-CN': '长度 (mm)', 'en-US': 'Length (mm)', 'fr-FR': 'Longueur (mm)' },
  bundle: { 'zh-CN': '捆号', 'en-US': 'Bundle', 'fr-FR': 'Fardeau' },
  pieces: { 'zh-CN': '根数', 'en-US': 'Pieces', 'fr-FR': 'Pièces' },
  weight: { 'zh-CN': '重量 (kg)', 'en-US': 'Weight (kg)', 'fr-FR': 'Poids (kg)' },
  total: { 'zh-CN': '合计', 'en-US': 'Total', 'fr-FR': 'Total' },
  bundles: { 'zh-CN': '捆', 'en-US': 'bundles', 'fr-FR': 'fardeaux' },
  shipper: { 'zh-CN': '发货人签字', 'en-US': 'Shipped by', 'fr-FR': 'Expédié par' },
  driver: { 'zh-CN': '司机签字', 'en-US': 'Driver', 'fr-FR': 'Chauffeur' },
  signee: { 'zh-CN': '收货人签字', 'en-US': 'Received by', 'fr-FR': 'Reçu par' },
  returned: { 'zh-CN': '退回', 'en-US': 'Returned', 'fr-FR': 'Retournés' },
} satisfies Record<string, Localized>;

const MARGIN = mm(15);

/** Column widths (mm) of the bundles table, and how each cell reads. */
const COLUMNS: { label: keyof typeof T; width: number; align: 'left' | 'right' }[] = [
  { label: 'order', width: 38, align: 'left' },
  { label: 'mark', width: 24, align: 'left' },
  { label: 'spec', width: 30, align: 'left' },
  { label: 'length', width: 22, align: 'right' },
  { label: 'bundle', width: 18, align: 'right' },
  { label: 'pieces', width: 18, align: 'right' },
  { label: 'weight', width: 30, align: 'right' },
];

/**
 * The printable delivery note (A4 portrait): the plant, site, vehicle, receiver and date, the bundles
 * (order, mark, spec, length, bundle i/N, pieces, weight), the totals and three signature lines. Once
 * signed for at the site, the receiver's line carries the drawn signature, name and time, and the bundles
 * sent back are named.
 */
export async function deliveryNotePdf(
  note: DeliveryNoteDetail,
  plant: string,
  timeZone: string,
  locale: Locale,
  proof: DeliveryProof | null = null,
): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${T.title[locale]} ${note.code}` },
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(18).text(`${T.title[locale]}  ${note.code}`, MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(0.8);
  const fields: [keyof typeof T, string][] = [
    ['plant', plant],
    ['site', note.site],
    ['vehicle', note.vehicle ?? ''],
    ['receiver', note.receiver ?? ''],
    ['date', plantDayOf(Date.parse(note.deliveredAt), timeZone)],
  ];
  if (note.remark) fields.push(['remark', note.remark]);
  doc.fontSize(10);
  for (const [label, value] of fields) doc.text(`${T[label][locale]}：${value}`, MARGIN, doc.y, { width });
  doc.moveDown(0.8);

  const rowHeight = 18;
  const row = (cells: string[], bold = false) => {
    if (doc.y + rowHeight > doc.page.height - MARGIN - 80) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    doc.fontSize(bold ? 10 : 9);
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      doc.text(cell, x + 3, top + 4, {
        width: mm(column.width) - 6,
        align: column.align,
        lineBreak: false,
        ellipsis: true,
      });
      x += mm(column.width);
    });
    doc
      .lineWidth(0.5)
      .moveTo(MARGIN, top + rowHeight)
      .lineTo(MARGIN + width, top + rowHeight)
      .stroke();
    doc.y = top + rowHeight;
  };
  doc
    .lineWidth(0.5)
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .stroke();
  row(
    COLUMNS.map((column) => T[column.label][locale]),
    true,
  );
  for (const bundle of note.bundles)
    row([
      bundle.orderCode,
      bundle.mark,
      bundle.spec,
      String(bundle.length),
      `${bundle.number}/${bundle.count}`,
      String(bundle.pieces),
      bundle.weight.toFixed(3),
    ]);
  row(
    [
      T.total[locale],
      '',
      '',
      '',
      `${note.bundleCount} ${T.bundles[locale]}`,
      String(note.pieces),
      note.weight.toFixed(3),
    ],
    true,
  );

  if (proof && proof.returned.length > 0)
    doc
      .moveDown(0.6)
      .fontSize(9)
      .text(`${T.returned[locale]}：${proof.returned.map((b) => `${b.mark} ${b.code}`).join(', ')}`, MARGIN, doc.y, {
        width,
      });
  const signTop = Math.max(doc.y + 40, doc.page.height - MARGIN - 60);
  const third = width / 3;
  (['shipper', 'driver', 'signee'] as const).forEach((label, index) => {
    const x = MARGIN + index * third;
    doc.fontSize(10).text(T[label][locale], x, signTop, { width: third - 12, lineBreak: false });
    doc
      .lineWidth(0.5)
      .moveTo(x, signTop + 36)
      .lineTo(x + third - 16, signTop + 36)
      .stroke();
  });
  if (proof) {
    const x = MARGIN + 2 * third;
    const image = Buffer.from(proof.signature.slice(proof.signature.indexOf(',') + 1), 'base64');
    // The schema checks the image's kind, not its body: a damaged one leaves the name and time alone on the line.
    try {
      doc.image(image, x, signTop + 8, { fit: [third - 16, 28] });
    } catch {
      /* no signature image */
    }
    const at = new Date(proof.receivedAt).toLocaleString(locale, { timeZone });
    doc.fontSize(8).text(`${proof.receivedBy}  ${at}`, x, signTop + 40, { width: third - 12, lineBreak: false });
  }
  doc.end();
  return bytes;
}
