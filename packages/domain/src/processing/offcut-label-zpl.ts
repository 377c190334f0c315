import type { Locale } from '../core/i18n/locales.ts';
import { offcutLabelLines, type OffcutLabelData } from './offcut-label.ts';
import { ZPL_DOTS_PER_MM, ZPL_CJK_FONT, zplEscape, zplFit, zplFont, type ZplDpi } from './tag-zpl.ts';

/**
 * Offcut lot labels as ZPL II, one 100 × 60 mm label each (the PDF label's size and layout), for the
 * same thermal printers as bundle tags: the QR holds the lot's scan id (scanned into the offcut stock's
 * search or a stock-take, it finds the lot) with the lot code under it; spec, length, bars, heats (or
 * "heat unknown"), the document that kept it, its day and its location on the left.
 */
export function offcutLabelsZpl(labels: readonly OffcutLabelData[], dpi: ZplDpi, locale: Locale): string {
  const dpmm = ZPL_DOTS_PER_MM[dpi];
  return labels.map((label) => offcutLabelZpl(label, dpmm, locale)).join('');
}

function offcutLabelZpl(label: OffcutLabelData, dpmm: number, locale: Locale): string {
  const d = (mm: number) => Math.round(mm * dpmm);
  const out: string[] = ['^XA', '^CI28', `^PW${d(100)}`, `^LL${d(60)}`, '^LH0,0', `^CWJ,${ZPL_CJK_FONT}`];
  const text = (x: number, y: number, height: number, value: string, width: number) =>
    out.push(`^FO${d(x)},${d(y)}${zplFont(value, d(height))}^FH_^FD${zplEscape(zplFit(value, width / height))}^FS`);
  out.push(`^FO${d(0.5)},${d(0.5)}^GB${d(99)},${d(59)},${Math.max(2, d(0.3))}^FS`);
  // A scan id (22 characters) fits a version 2 QR: 25 modules a side.
  const qrSize = d(34);
  const magnification = Math.max(1, Math.min(10, Math.floor(qrSize / 29)));
  out.push(`^FO${d(63)},${d(3)}^BQN,2,${magnification}^FH_^FDMA,${zplEscape(label.scanId)}^FS`);
  text(60, 42, 4, label.code, 38);
  offcutLabelLines(label, locale).forEach(([caption, value], index) => {
    const y = 3 + index * 7.5;
    text(3, y + 0.8, 2.6, caption, 16);
    text(19, y, 4, value, 38);
  });
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}
