import type { z } from 'zod';
import type { Locale } from '../core/i18n/locales.ts';
import { MAX_BAR_LENGTH, weightGrams } from '../stock/index.ts';
import { defaultMandrel, developedLength, isStraight, legsSum, shapeCodeOf } from './bar-shape.ts';
import type { ImportProblemCode } from './demand-import-problems.ts';
import { importProblemMessage, type SpecOption } from './demand-import.ts';
import { MAX_LINE_QUANTITY, type demandOrderLineInputSchema } from './demand-order.schema.ts';

// A demand order's line as the server stores it: the rules a saved line must meet, which the import
// checks too (members × bars per member = quantity).

type QuantityResult =
  | { ok: true; value: { members: number; barsPerMember: number; quantity: number } }
  | {
      ok: false;
      key: 'missing_value' | 'quantity_mismatch' | 'invalid_value';
      params: Record<string, string | number>;
    };

/** The members × bars-per-member = quantity rule, shared by the import and the save. */
export function resolveQuantity(
  members: number | null | undefined,
  bars: number | null | undefined,
  quantity: number | null | undefined,
): QuantityResult {
  const mismatch = (): QuantityResult => ({
    ok: false,
    key: 'quantity_mismatch',
    params: { quantity: quantity ?? '—', members: members ?? '—', barsPerMember: bars ?? '—' },
  });
  const value = (m: number, b: number): QuantityResult =>
    m * b > MAX_LINE_QUANTITY
      ? { ok: false, key: 'invalid_value', params: { value: `${m * b} > ${MAX_LINE_QUANTITY}` } }
      : { ok: true, value: { members: m, barsPerMember: b, quantity: m * b } };
  if (members && bars) return quantity && quantity !== members * bars ? mismatch() : value(members, bars);
  if (quantity && members) return quantity % members === 0 ? value(members, quantity / members) : mismatch();
  if (quantity && bars) return quantity % bars === 0 ? value(quantity / bars, bars) : mismatch();
  if (quantity) return value(1, quantity);
  if (bars) return value(1, bars);
  return { ok: false, key: 'missing_value', params: {} };
}

/** A line of `POST`/`PUT /api/demandOrder` after `demandOrderLineInputSchema` parsed it. */
export type DemandOrderLineValues = z.output<typeof demandOrderLineInputSchema>;

export type DemandLineError = { field: string; key: ImportProblemCode; params: Record<string, string | number> };

export type CompletedDemandLine = {
  length: number;
  members: number;
  barsPerMember: number;
  quantity: number;
  shapeCode: string | null;
  weightGrams: number;
  mandrel: number | null;
};

/**
 * What the server stores for a line, from what the client sent and the line's spec: the length (the
 * given one, else the developed length of a bent bar, else a straight bar's leg), members × bars per
 * member = quantity, the mandrel of a bent bar (given, else the default for the diameter), the shape
 * code (given, else derived) and the weight (always ours). Errors name the field and a problem code
 * whose message `demandLineErrorMessage` renders.
 */
export function completeDemandLine(
  input: DemandOrderLineValues,
  spec: SpecOption,
): { ok: true; line: CompletedDemandLine } | { ok: false; errors: DemandLineError[] } {
  const errors: DemandLineError[] = [];
  const legs = input.geometry;
  const bent = !isStraight(legs);
  const mandrel = bent ? (input.mandrel ?? defaultMandrel(spec.diameter)) : null;
  const derived =
    legs.length === 0 ? null : bent ? developedLength(legs, spec.diameter, mandrel ?? 0) : Math.round(legsSum(legs));
  const length = input.length ?? derived;
  if (length === null) errors.push({ field: 'length', key: 'missing_value', params: {} });
  else if (length <= 0 || length > MAX_BAR_LENGTH)
    errors.push({ field: 'length', key: 'invalid_value', params: { value: length } });
  const quantity = resolveQuantity(input.members, input.barsPerMember, input.quantity);
  if (!quantity.ok) errors.push({ field: 'quantity', key: quantity.key, params: quantity.params });
  if (errors.length > 0 || length === null || !quantity.ok) return { ok: false, errors };
  return {
    ok: true,
    line: {
      length,
      ...quantity.value,
      shapeCode: input.shapeCode || shapeCodeOf(legs),
      weightGrams: weightGrams(length, quantity.value.quantity, spec.unitWeight),
      mandrel,
    },
  };
}

/** A save error's message in `locale`. */
export function demandLineErrorMessage(error: DemandLineError, locale: Locale): string {
  return importProblemMessage(error.key, error.field, error.params, locale);
}
