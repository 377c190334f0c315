import {
  evaluateCheck,
  type Characteristic,
  type CheckContext,
  type CheckEntry,
  type CheckInput,
  type CheckResult,
  type DueInspection,
  type InspectionMethod,
} from '@armature/domain';

/**
 * A characteristic as an inspection form shows it: its input by method, its limits printed beside it,
 * and the rule the domain judges it by (evaluateCheck) — the server judges the same values again.
 */
export type CheckRow = {
  id: string;
  code: string;
  name: string;
  unit: string | null;
  method: InspectionMethod;
  lowerLimit: number | null;
  upperLimit: number | null;
  rule: Characteristic;
};

/** The input a method takes: a number, a weighed sample (mass and length), or a yes/no. */
export type EntryKind = 'value' | 'weight' | 'passFail';

export function entryKindOf(method: InspectionMethod): EntryKind {
  return method === 'weightDeviation' ? 'weight' : method === 'passFail' ? 'passFail' : 'value';
}

/** Every input filled, so that the domain's outcome carries the limits (they never depend on the values). */
const PROBE: CheckEntry = { value: 0, massKg: 1, lengthMm: 1000, passed: true };

/** An inspection characteristic of basic configuration, with the limits it has for these bars. */
export function receiptCheckRow(
  type: { id: string; code: string; name: string; unit: string | null } & Characteristic,
  context: CheckContext,
): CheckRow {
  const outcome = evaluateCheck(type, context, PROBE);
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    unit: type.unit,
    method: type.method,
    lowerLimit: outcome.ok ? outcome.lowerLimit : null,
    upperLimit: outcome.ok ? outcome.upperLimit : null,
    rule: type,
  };
}

/**
 * A characteristic the task's due answer lists: the server gives its absolute limits, so a number is
 * judged against them as a measured value around zero; a weighed sample and a yes/no keep their method.
 */
export function productionCheckRow(characteristic: DueInspection['characteristics'][number]): CheckRow {
  const { lowerLimit, upperLimit, method } = characteristic;
  return {
    ...characteristic,
    rule:
      method === 'passFail' || method === 'weightDeviation'
        ? { method, standardValue: null, lowerTolerance: null, upperTolerance: null }
        : { method: 'measured', standardValue: 0, lowerTolerance: lowerLimit, upperTolerance: upperLimit },
  };
}

/** What the form shows live: the judged value (weight deviation: in %) and pass/fail, or nothing yet. */
export type LiveJudgement = { value: number | null; result: CheckResult } | null;

export function judgeLive(row: CheckRow, context: CheckContext | null, entry: CheckEntry | undefined): LiveJudgement {
  if (!entry) return null;
  // Without the bars' spec a weighed sample cannot be judged here; the server still judges it.
  if (!context && row.method === 'weightDeviation') return null;
  const outcome = evaluateCheck(row.rule, context ?? NO_CONTEXT, entry);
  return outcome.ok ? { value: outcome.value, result: outcome.result } : null;
}

/** Checks that need no spec (measured values, yes/no) are judged without one. */
const NO_CONTEXT: CheckContext = { diameter: 0, unitWeight: 0, material: null };

/** The check as the API takes it: only the fields the method reads, or that it was not tested. */
export function checkInputOf(row: CheckRow, entry: CheckEntry): CheckInput {
  if (entry.notTested) return { inspectionTypeId: row.id, notTested: true, remark: null };
  switch (entryKindOf(row.method)) {
    case 'weight':
      return { inspectionTypeId: row.id, massKg: entry.massKg ?? null, lengthMm: entry.lengthMm ?? null, remark: null };
    case 'passFail':
      return { inspectionTypeId: row.id, passed: entry.passed ?? null, remark: null };
    case 'value':
      return { inspectionTypeId: row.id, value: entry.value ?? null, remark: null };
  }
}

/** Every row has what its method needs, or is said not tested: nothing counts as judged by default. */
export function allEntered(rows: readonly CheckRow[], entries: Readonly<Record<string, CheckEntry>>): boolean {
  return rows.every((row) => {
    const entry = entries[row.id];
    if (entry?.notTested) return true;
    switch (entryKindOf(row.method)) {
      case 'weight':
        return entry?.massKg != null && entry.lengthMm != null;
      case 'passFail':
        return typeof entry?.passed === 'boolean';
      case 'value':
        return entry?.value != null;
    }
  });
}

/** The form's outcome so far: fail when any judged check fails, pass when all pass, else unknown. */
export function overallLive(judgements: readonly LiveJudgement[]): CheckResult | null {
  if (judgements.some((judgement) => judgement?.result === 'fail')) return 'fail';
  return judgements.length > 0 && judgements.every((judgement) => judgement?.result === 'pass') ? 'pass' : null;
}
