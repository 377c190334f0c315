import { z } from 'zod';
import type { Localized } from '../core/i18n/locales.ts';
import { idSchema } from '../core/common.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An offcut lot as lists and labels show it: the offcuts of one spec and exact length one task (or a
 * revision, or a hand entry) kept. `heatNos` empty: heat unknown (kept before lots existed, or entered by
 * hand). `scanId` is what the label's QR holds, `code` what is printed under it.
 */
export const offcutLotSchema = z.object({
  id: idSchema,
  code: z.string(),
  scanId: z.string(),
  heatNos: z.array(z.string()),
  /** The task that cut it; null for a revision's, a hand entry's or an offcut kept before lots existed. */
  taskId: idSchema.nullable(),
  /** The document that made it: the task's code, a revision's bundle code or a manual move's `MV…`. */
  sourceCode: z.string().nullable(),
  madeAt: z.string(),
  /** Whole days since it was kept. */
  ageDays: z.number().int(),
  /** Kept at least the product's `offcutAgeDays` ago: on the aging report, to re-use or scrap. */
  aged: z.boolean(),
});
export type OffcutLot = z.infer<typeof offcutLotSchema>;

/** Whole days from `madeAt` to `now` (0 on the day it was kept, never negative). */
export function lotAgeDays(madeAt: string | Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(madeAt).getTime()) / DAY_MS));
}

/**
 * Offcuts of one spec and exact length are the same steel to the optimiser, whatever their lot: it sees
 * one source per length, with the bars of all its lots (`lots` oldest first), and the bars a plan takes
 * of it come from the oldest lots first. So at equal steel the older offcuts are used, and the plan's
 * cost and waste are those of the lengths alone. Answers the bars taken per lot; null when the lots have
 * fewer than `bars`.
 */
export function takeOldestLots<L extends { stockId: string; available: number }>(
  lots: readonly L[],
  bars: number,
): { lot: L; bars: number }[] | null {
  const taken: { lot: L; bars: number }[] = [];
  let left = bars;
  for (const lot of lots) {
    if (left <= 0) break;
    const count = Math.min(lot.available, left);
    if (count > 0) taken.push({ lot, bars: count });
    left -= count;
  }
  return left > 0 ? null : taken;
}

/** The captions of an offcut lot's label. */
export const OFFCUT_LABEL_TEXT = {
  title: { 'zh-CN': '余料标签', 'en-US': 'Offcut label', 'fr-FR': 'Étiquette de chute' },
  spec: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Nuance' },
  length: { 'zh-CN': '长度', 'en-US': 'Length', 'fr-FR': 'Longueur' },
  count: { 'zh-CN': '根数', 'en-US': 'Bars', 'fr-FR': 'Barres' },
  heats: { 'zh-CN': '炉号', 'en-US': 'Heats', 'fr-FR': 'Coulées' },
  heatUnknown: { 'zh-CN': '炉号未知', 'en-US': 'heat unknown', 'fr-FR': 'coulée inconnue' },
  source: { 'zh-CN': '来源', 'en-US': 'Kept by', 'fr-FR': 'Gardé par' },
  date: { 'zh-CN': '日期', 'en-US': 'Kept on', 'fr-FR': 'Gardé le' },
  location: { 'zh-CN': '库位', 'en-US': 'Location', 'fr-FR': 'Emplacement' },
} satisfies Record<string, Localized>;
