import type { InspectionMethod } from '../master-data/index.ts';
import { weightDeviationLimit, weightDeviationPercent } from './weight-deviation.ts';

export type CheckResult = 'pass' | 'fail';

/**
 * Values are compared in thousandths (the scale characteristics are stored with), so that a measured
 * 10.1 against an upper limit of 0 + 10.1 is inside whatever binary fractions the sum produced.
 */
const thousandths = (value: number) => Math.round(value * 1000);

/** Inside the limits, both ends included (a boundary value passes); an open end has no limit. */
export function withinLimits(value: number, lower: number | null, upper: number | null): boolean {
  const at = thousandths(value);
  return (lower === null || at >= thousandths(lower)) && (upper === null || at <= thousandths(upper));
}

/** The characteristic as basic configuration holds it. */
export type Characteristic = {
  method: InspectionMethod;
  standardValue: number | null;
  lowerTolerance: number | null;
  upperTolerance: number | null;
};

/** What a check needs to know about the bars checked: their diameter, nominal kg/m and material minimums. */
export type CheckContext = {
  diameter: number;
  unitWeight: number;
  material: { yieldStrength: number | null; tensileStrength: number | null; elongation: number | null } | null;
};

/**
 * What the inspector entered: a value; for weight deviation a mass (kg) and a length (mm); a yes/no;
 * or that the check was not done (`notTested`, which no method judges).
 */
export type CheckEntry = {
  value?: number | null;
  massKg?: number | null;
  lengthMm?: number | null;
  passed?: boolean | null;
  notTested?: boolean | null;
};

/** A judged check: its value (the deviation for weight, null for pass/fail), its absolute limits and result. */
export type JudgedCheck = {
  ok: true;
  value: number | null;
  lowerLimit: number | null;
  upperLimit: number | null;
  result: CheckResult;
};
/** The input lacks what the method needs (`value`, `massKg`, `lengthMm`, `passed`), or the context what it compares with (`material`, `standardValue`). */
export type CheckMissing = 'value' | 'massKg' | 'lengthMm' | 'passed' | 'material' | 'standardValue';
export type CheckOutcome = JudgedCheck | { ok: false; missing: CheckMissing };

const judged = (value: number, lowerLimit: number | null, upperLimit: number | null): CheckOutcome => ({
  ok: true,
  value,
  lowerLimit,
  upperLimit,
  result: withinLimits(value, lowerLimit, upperLimit) ? 'pass' : 'fail',
});

const MATERIAL_FIELD = {
  minYield: 'yieldStrength',
  minTensile: 'tensileStrength',
  minElongation: 'elongation',
} as const;

/**
 * Judges one check. Limits are absolute values: standard + tolerance for `measured` (a missing
 * tolerance leaves that side open), ±band for weight deviation (the value is the deviation in %,
 * rounded to 2 decimals as it is reported), the material's minimum (no upper limit) for certificate
 * values. A pass/fail check has no value or limits.
 */
export function evaluateCheck(characteristic: Characteristic, context: CheckContext, input: CheckEntry): CheckOutcome {
  switch (characteristic.method) {
    case 'passFail':
      if (typeof input.passed !== 'boolean') return { ok: false, missing: 'passed' };
      return { ok: true, value: null, lowerLimit: null, upperLimit: null, result: input.passed ? 'pass' : 'fail' };
    case 'weightDeviation': {
      if (input.massKg == null) return { ok: false, missing: 'massKg' };
      if (input.lengthMm == null) return { ok: false, missing: 'lengthMm' };
      const limit = weightDeviationLimit(context.diameter);
      const deviation = weightDeviationPercent(input.massKg, input.lengthMm, context.unitWeight);
      return judged(deviation, -limit, limit);
    }
    case 'minYield':
    case 'minTensile':
    case 'minElongation': {
      if (input.value == null) return { ok: false, missing: 'value' };
      const minimum = context.material?.[MATERIAL_FIELD[characteristic.method]];
      if (minimum == null) return { ok: false, missing: 'material' };
      return judged(input.value, minimum, null);
    }
    case 'measured': {
      if (input.value == null) return { ok: false, missing: 'value' };
      if (characteristic.standardValue == null) return { ok: false, missing: 'standardValue' };
      const { standardValue, lowerTolerance, upperTolerance } = characteristic;
      return judged(
        input.value,
        lowerTolerance === null ? null : (thousandths(standardValue) + thousandths(lowerTolerance)) / 1000,
        upperTolerance === null ? null : (thousandths(standardValue) + thousandths(upperTolerance)) / 1000,
      );
    }
  }
}

/** An inspection fails when any of its checks fails. */
export function inspectionResult(results: readonly CheckResult[]): CheckResult {
  return results.includes('fail') ? 'fail' : 'pass';
}

/**
 * Where (under `checks.{i}`) and why a check that cannot be judged answers 400: what the inspector left
 * out is named as such; what basic configuration lacks (the material's minimum, the standard value) is
 * put on the characteristic, since choosing another is what the inspector can do about it.
 */
export function missingCheckError(missing: CheckMissing): { field: string; error: string } {
  switch (missing) {
    case 'material':
      return { field: 'inspectionTypeId', error: 'materialMissing' };
    case 'standardValue':
      return { field: 'inspectionTypeId', error: 'standardMissing' };
    case 'passed':
      return { field: 'passed', error: 'judgementRequired' };
    default:
      return { field: missing, error: 'required' };
  }
}

/**
 * Judges an inspection's checks, each against its characteristic. A check marked `notTested` is left
 * out (not recorded, not counted). Every check that cannot be judged is reported at once, keyed
 * `checks.{i}.<field>` as `missingCheckError` names it; otherwise the judged checks in entry order, the
 * inspection's result and the checks that failed.
 */
export function judgeChecks<C extends Characteristic, E extends CheckEntry>(
  checks: readonly { entry: E; characteristic: C }[],
  context: CheckContext,
):
  | { ok: true; judged: { entry: E; characteristic: C; outcome: JudgedCheck }[]; result: CheckResult }
  | { ok: false; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const judged: { entry: E; characteristic: C; outcome: JudgedCheck }[] = [];
  checks.forEach(({ entry, characteristic }, index) => {
    if (entry.notTested) return;
    const outcome = evaluateCheck(characteristic, context, entry);
    if (outcome.ok) judged.push({ entry, characteristic, outcome });
    else {
      const { field, error } = missingCheckError(outcome.missing);
      fields[`checks.${index}.${field}`] = [error];
    }
  });
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, judged, result: inspectionResult(judged.map(({ outcome }) => outcome.result)) };
}
