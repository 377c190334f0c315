import { z } from 'zod';
import { idSchema, optionalText } from '../core/common.schema.ts';
import { barLengthSchema, heatNoSchema, stockLogItemSchema } from './stock.schema.ts';

/** No rack holds more distinct rows than this. */
export const MAX_COUNT_LINES = 500;

/**
 * One row of a count sheet: what lies there — raw bars (spec, length, heat) or an offcut lot counted by
 * its label (`lotId`, heat '') — and how many bars were counted.
 */
export const stockCountLineSchema = z.object({
  rebarId: idSchema,
  length: barLengthSchema,
  /** Raw bars' heat number (required for them); a lot's line has none (its heats are the lot's). */
  heatNo: z.union([heatNoSchema, z.literal('')]).default(''),
  lotId: idSchema.nullish(),
  counted: z.number().int().min(0).max(1_000_000),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

/**
 * `POST /api/stockTake`: the raw bars and offcut lots of a location counted whole — every free raw row
 * and every offcut lot booked there and not on the sheet counts as 0. The same spec, length and heat
 * twice is `duplicate` on the second's heat number; the same lot twice on its `lotId`.
 */
export const stockTakeInputSchema = z
  .object({
    locationId: idSchema,
    remark: optionalText(500),
    lines: z.array(stockCountLineSchema).max(MAX_COUNT_LINES),
  })
  .superRefine((take, ctx) => {
    const seen = new Set<string>();
    take.lines.forEach((line, index) => {
      if (!line.lotId && !line.heatNo)
        ctx.addIssue({ code: 'custom', message: 'required', path: ['lines', index, 'heatNo'] });
      const key = countKey(line.lotId ? { ...line, heatNo: '' } : line);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: 'duplicate', path: ['lines', index, line.lotId ? 'lotId' : 'heatNo'] });
      seen.add(key);
    });
  })
  // A lot's line carries no heat number, whatever was sent: it is counted by the lot alone.
  .transform((take) => ({
    ...take,
    lines: take.lines.map((line) => (line.lotId ? { ...line, heatNo: '' } : line)),
  }));
export type StockTakeInput = z.infer<typeof stockTakeInputSchema>;

type Identity = { rebarId: string; length: number; heatNo: string; lotId?: string | null };
const countKey = (row: Identity) => `${row.rebarId}|${row.length}|${row.heatNo}|${row.lotId ?? ''}`;

export type CountDifference = Required<Identity> & { book: number; counted: number; difference: number };

/**
 * The count against the book of one location: one row per identity on either side (book rows not
 * counted count 0, counted rows not in the book had 0), in the book's order then the sheet's.
 * `difference` is counted − book: positive is a gain, negative a loss.
 */
export function countDifferences(
  book: readonly (Identity & { quantity: number })[],
  counted: readonly StockCountLine[],
): CountDifference[] {
  const byKey = new Map<string, CountDifference>();
  for (const row of book) {
    const key = countKey(row);
    const seen = byKey.get(key);
    if (seen) seen.book += row.quantity;
    else
      byKey.set(key, {
        rebarId: row.rebarId,
        length: row.length,
        heatNo: row.heatNo,
        lotId: row.lotId ?? null,
        book: row.quantity,
        counted: 0,
        difference: 0,
      });
  }
  for (const line of counted) {
    const key = countKey(line);
    const row = byKey.get(key) ?? {
      rebarId: line.rebarId,
      length: line.length,
      heatNo: line.heatNo,
      lotId: line.lotId ?? null,
      book: 0,
      counted: 0,
      difference: 0,
    };
    row.counted += line.counted;
    byKey.set(key, row);
  }
  return [...byKey.values()].map((row) => ({ ...row, difference: row.counted - row.book }));
}

export const stockTakeLineSchema = z.object({
  rebarId: idSchema,
  rebarName: z.string(),
  length: z.number().int(),
  heatNo: z.string(),
  /** An offcut lot counted by its label, and its code; null for raw bars. */
  lotId: idSchema.nullable(),
  lotCode: z.string().nullable(),
  book: z.number().int(),
  counted: z.number().int(),
  difference: z.number().int(),
});

/** A posted count sheet, kept: every line counted or booked, and the ledger rows its differences wrote. */
export const stockTakeSchema = z.object({
  id: idSchema,
  /** `ST20261129-0001`, per product and day. */
  code: z.string(),
  locationId: idSchema,
  locationCode: z.string(),
  locationName: z.string(),
  remark: z.string().nullable(),
  /** Lines whose count differed from the book. */
  differences: z.number().int(),
  creatorName: z.string().nullable(),
  creationTime: z.string(),
});
export type StockTake = z.infer<typeof stockTakeSchema>;

export const stockTakeDetailSchema = stockTakeSchema.extend({
  lines: z.array(stockTakeLineSchema),
  ledger: z.array(stockLogItemSchema),
});
export type StockTakeDetail = z.infer<typeof stockTakeDetailSchema>;
