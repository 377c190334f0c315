import type { Locale } from '../core/i18n/locales.ts';
import type { BundleTag } from './bundle.schema.ts';
import { shapeBitmap, type Bitmap } from './shape-bitmap.ts';
import { TAG_LABELS as T, bundleTagLines } from './tag-labels.ts';

/** The resolutions of thermal printers: 203 dpi prints 8 dots a millimetre, 300 dpi 12. */
export const ZPL_DPIS = ['203', '300'] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];
export const ZPL_DOTS_PER_MM: Record<ZplDpi, number> = { '203': 8, '300': 12 };

/**
 * The font for text that is not ASCII (Chinese names): Zebra's Simplified Chinese TrueType font,
 * resident on printers sold with it and downloadable to others. Latin text and every figure use the
 * resident scalable font 0, so codes, marks and dimensions print on any printer.
 */
export const ZPL_CJK_FONT = 'E:ANMDS.TTF';

/** A tag to write: what it shows, its code (under the QR), the QR's address and the BVBS record, if one fits. */
export type ZplTag = { tag: BundleTag; code: string; url: string; bvbs: string | null };

/**
 * The tags as ZPL II, one 100 × 150 mm label (`^XA … ^XZ`) each, laid out like the PDF label at the
 * printer's resolution: plant; mark, spec and bundle beside the QR code of the scan address with the
 * bundle code under it; the figures; the shape as a graphic field (`^GF`) with its leg lengths; the
 * PDF417 with the line's BVBS record. Text goes through `^FH` escapes, so no name can end a field or
 * inject a command.
 */
export function tagsZpl(tags: readonly ZplTag[], dpi: ZplDpi, locale: Locale): string {
  return tags.map((each) => labelZpl(each, ZPL_DOTS_PER_MM[dpi], locale)).join('');
}

function labelZpl({ tag, code, url, bvbs }: ZplTag, dpmm: number, locale: Locale): string {
  const d = (mm: number) => Math.round(mm * dpmm);
  const out: string[] = ['^XA', '^CI28', `^PW${d(100)}`, `^LL${d(150)}`, '^LH0,0', `^CWJ,${ZPL_CJK_FONT}`];
  const text = (x: number, y: number, height: number, value: string, width: number) =>
    out.push(`^FO${d(x)},${d(y)}${zplFont(value, d(height))}^FH_^FD${zplEscape(zplFit(value, width / height))}^FS`);

  out.push(`^FO${d(0.5)},${d(0.5)}^GB${d(99)},${d(149)},${Math.max(2, d(0.3))}^FS`);
  if (tag.superseded) {
    // A revision made these pieces invalid: the plant line gives way to a reversed banner no one misses.
    out.push(`^FO${d(2)},${d(1.5)}^GB${d(96)},${d(5)},${d(5)}^FS`);
    out.push(
      `^FO${d(4)},${d(2.2)}${zplFont(T.superseded[locale], d(3.6))}^FR^FH_^FD${zplEscape(T.superseded[locale])}^FS`,
    );
  } else text(4, 3, 3.2, tag.plant, 92);

  const qrSize = d(32);
  // A QR of a scan address (up to ~80 characters) has at most 41 modules a side (version 6, level M).
  const magnification = Math.max(1, Math.min(10, Math.floor(qrSize / 41)));
  out.push(`^FO${d(64)},${d(7)}^BQN,2,${magnification}^FH_^FDMA,${zplEscape(url)}^FS`);
  text(64, 35, 4.5, code, 32);

  const left = 56;
  text(4, 8, 2.5, T.mark[locale], left);
  text(4, 11.5, 9, tag.mark, left);
  text(4, 22.5, 4.5, tag.spec, left);
  text(4, 29, 4, `${T.bundle[locale]} ${tag.bundleNo}/${tag.bundleCount}`, left);

  // Seven lines between the bundle number (ends at 33 mm) and the shape box (86 mm).
  bundleTagLines(tag, locale).forEach(([label, value], index) => {
    const y = 48 + index * 5.3;
    text(4, y + 0.6, 2.8, label, 24);
    text(29, y, 3.8, value, 67);
  });

  const box = { x: 4, y: 86, width: 92, height: 36 };
  out.push(`^FO${d(box.x)},${d(box.y)}^GB${d(box.width)},${d(box.height)},${Math.max(1, d(0.2))}^FS`);
  text(box.x + 1, box.y + 1, 2.5, `${T.shape[locale]}${tag.shapeCode ? ` ${tag.shapeCode}` : ''}`, 40);
  const legs = tag.geometry.length > 0 ? tag.geometry : [{ length: tag.cutLength, angle: 0 }];
  const inner = { width: d(box.width) - 4, height: d(box.height) - 4 };
  const { bitmap, dimensions } = shapeBitmap(legs, { ...inner, margin: d(7), stroke: Math.max(3, d(0.6)) });
  out.push(`^FO${d(box.x) + 2},${d(box.y) + 2}${graphicField(bitmap)}^FS`);
  const dimension = d(2.8);
  for (const spot of dimensions) {
    const width = Math.round(spot.text.length * dimension * 0.55);
    out.push(
      `^FO${Math.max(0, d(box.x) + 2 + Math.round(spot.x - width / 2))},${d(box.y) + 2 + Math.round(spot.y - dimension / 2)}` +
        `^A0N,${dimension},${dimension}^FD${spot.text}^FS`,
    );
  }

  if (bvbs) {
    // Modules of 0.25 mm, rows three modules high (the symbology's usual ratio), 10 data columns: the
    // longest record a scanner takes fills about 92 × 20 mm.
    const module = Math.max(2, Math.round(dpmm / 4));
    out.push(`^FO${d(4)},${d(125)}^BY${module}^B7N,${3 * module},3,10,,N^FH_^FD${zplEscape(bvbs)}^FS`);
  }
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}

/** Font 0 for ASCII, the CJK font (mapped to `J`) for anything else. */
export const zplFont = (value: string, height: number) =>
  /^[\x20-\x7e]*$/.test(value) ? `^A0N,${height},${height}` : `^AJN,${height},${height}`;

/** `^FH_` escapes: the caret and tilde start commands, the underscore is the escape itself; controls too. */
export const zplEscape = (value: string) =>
  [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      const special = char === '_' || char === '^' || char === '~' || code < 0x20 || code === 0x7f;
      return special ? `_${code.toString(16).toUpperCase().padStart(2, '0')}` : char;
    })
    .join('');

/**
 * The text cut to about `ems` character heights: a Latin letter of font 0 is about half as wide as it
 * is high, a Chinese one as wide. ZPL cannot measure text, and a line that runs on would print over
 * the QR code.
 */
export function zplFit(value: string, ems: number): string {
  let width = 0;
  let end = 0;
  for (const char of value) {
    const next = width + (char.charCodeAt(0) < 0x2e80 ? 0.58 : 1);
    if (next > ems) return `${value.slice(0, end).trimEnd()}${/^[\x20-\x7e]*$/.test(value) ? '...' : '…'}`;
    width = next;
    end += char.length;
  }
  return value;
}

/**
 * `^GFA`: the bitmap in ZPL's compressed ASCII hex — a row equal to the one before is `:`, trailing
 * zeros are `,`, and a run of one hex digit is a count letter (G–Y for 1–19, g–z for 20–400) before it.
 * A shape drawing is mostly white, so this is a fraction of the plain hex.
 */
export function graphicField(bitmap: Bitmap): string {
  const total = bitmap.bytesPerRow * bitmap.height;
  const rows: string[] = [];
  let previous = '';
  for (let y = 0; y < bitmap.height; y++) {
    const row = bitmap.bits.subarray(y * bitmap.bytesPerRow, (y + 1) * bitmap.bytesPerRow);
    const hex = [...row].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join('');
    rows.push(hex === previous ? ':' : compressRow(hex));
    previous = hex;
  }
  return `^GFA,${total},${total},${bitmap.bytesPerRow},${rows.join('')}`;
}

function compressRow(hex: string): string {
  const content = hex.replace(/0+$/, '');
  let out = '';
  for (let index = 0; index < content.length;) {
    let end = index;
    while (end < content.length && content[end] === content[index]) end++;
    out += repeatCount(end - index) + content[index];
    index = end;
  }
  return content.length < hex.length ? `${out},` : out;
}

function repeatCount(count: number): string {
  if (count === 1) return '';
  let out = '';
  let rest = count;
  while (rest >= 20) {
    const twenties = Math.min(20, Math.floor(rest / 20));
    out += String.fromCharCode('g'.charCodeAt(0) + twenties - 1);
    rest -= twenties * 20;
  }
  return rest > 0 ? out + String.fromCharCode('G'.charCodeAt(0) + rest - 1) : out;
}
