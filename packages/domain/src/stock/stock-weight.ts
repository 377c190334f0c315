/**
 * Weights are computed by the server, never taken from a request, and kept in whole grams so that
 * sums over a million ledger rows stay exact: length (mm) × count × unit weight (kg/m) is grams.
 */
export function weightGrams(lengthMm: number, quantity: number, unitWeightKgPerM: number): number {
  return Math.round(lengthMm * quantity * unitWeightKgPerM);
}

/** The API speaks kilograms (three decimals = grams). */
export const gramsToKg = (grams: number): number => grams / 1000;

export type Balance = { quantity: number; weightGrams: number };

export type MoveOutcome =
  { ok: true; weightGrams: number; after: Balance } | { ok: false; available: number; shortfall: number };

/**
 * Applies one move to a balance. In-moves weigh what their bars weigh. An out-move weighs the same,
 * except that it never takes more weight than is booked and emptying a stock takes all of its weight:
 * a unit weight edited between moves must not leave weight without bars (or bars without weight).
 * An out-move larger than the balance is refused with the shortfall.
 */
export function applyMove(
  balance: Balance,
  move: { direction: 'in' | 'out'; quantity: number; lengthMm: number; unitWeight: number },
): MoveOutcome {
  const computed = weightGrams(move.lengthMm, move.quantity, move.unitWeight);
  if (move.direction === 'in') {
    return {
      ok: true,
      weightGrams: computed,
      after: { quantity: balance.quantity + move.quantity, weightGrams: balance.weightGrams + computed },
    };
  }
  if (move.quantity > balance.quantity) {
    return { ok: false, available: balance.quantity, shortfall: move.quantity - balance.quantity };
  }
  const taken = move.quantity === balance.quantity ? balance.weightGrams : Math.min(balance.weightGrams, computed);
  return {
    ok: true,
    weightGrams: taken,
    after: { quantity: balance.quantity - move.quantity, weightGrams: balance.weightGrams - taken },
  };
}
