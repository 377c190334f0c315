/**
 * A sampling plan per technique and product: the first piece of every task is checked, then every
 * Nth piece after it (pieces 1, 1 + N, 1 + 2N…). `everyN` 0 checks the first piece only.
 */
export type SamplingRule = { everyN: number };

/** Whether piece `pieceNo` (1-based, in the task's production order) is a sample. */
export function isSample(pieceNo: number, rule: SamplingRule): boolean {
  if (pieceNo === 1) return true;
  return rule.everyN > 0 && pieceNo > 1 && (pieceNo - 1) % rule.everyN === 0;
}

/**
 * The samples due once `produced` pieces are made and not yet recorded, oldest first: what the operator's
 * phone asks for. At most `limit` are listed (a long task left unchecked would otherwise list hundreds).
 */
export function dueSamples(produced: number, rule: SamplingRule, recorded: ReadonlySet<number>, limit = 20): number[] {
  const due: number[] = [];
  const step = rule.everyN > 0 ? rule.everyN : Number.POSITIVE_INFINITY;
  for (let pieceNo = 1; pieceNo <= produced && due.length < limit; pieceNo += step)
    if (!recorded.has(pieceNo)) due.push(pieceNo);
  return due;
}

/**
 * The next sample still to be made once `produced` of a task's `total` pieces are made: what the
 * operator's card announces so the piece is set aside as it comes off the machine. Null when the plan
 * asks for no more pieces of this task (everyN 0 past the first piece, or the next sample beyond the total).
 */
export function nextSample(produced: number, rule: SamplingRule, total: number): number | null {
  const next = produced < 1 ? 1 : rule.everyN > 0 ? produced + rule.everyN - ((produced - 1) % rule.everyN) : null;
  return next !== null && next <= total ? next : null;
}
