import type { Locale } from '../core/i18n/locales.ts';
import { OFFCUT_LABEL_TEXT as T } from '../stock/index.ts';

/** What an offcut lot's label shows: the lot's bars at one place. */
export type OffcutLabelData = {
  code: string;
  scanId: string;
  spec: string;
  length: number;
  count: number;
  heatNos: readonly string[];
  sourceCode: string | null;
  /** ISO time it was kept. */
  madeAt: string;
  location: string | null;
};

/**
 * The label's captioned lines beside its QR, the one definition the PDF and the ZPL label both print:
 * spec, length, bars, heats (or "heat unknown", so a lot kept before heats were tracked says so), the
 * document that kept it, its day and its location.
 */
export function offcutLabelLines(label: OffcutLabelData, locale: Locale): [caption: string, value: string][] {
  return [
    [T.spec[locale], label.spec],
    [T.length[locale], `${label.length} mm`],
    [T.count[locale], String(label.count)],
    [T.heats[locale], label.heatNos.length ? label.heatNos.join(', ') : T.heatUnknown[locale]],
    [T.source[locale], label.sourceCode ?? ''],
    [T.date[locale], label.madeAt.slice(0, 10)],
    [T.location[locale], label.location ?? ''],
  ];
}
