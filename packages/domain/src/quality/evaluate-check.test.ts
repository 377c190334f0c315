import { describe, expect, it } from 'vitest';
import {
  evaluateCheck,
  inspectionResult,
  judgeChecks,
  missingCheckError,
  withinLimits,
  type CheckContext,
  type Characteristic,
} from './evaluate-check.ts';

/** Φ12 HRB400E: 0.888 kg/m, yield ≥ 400 MPa, tensile ≥ 540 MPa, elongation ≥ 16 %. */
const PHI12: CheckContext = {
  diameter: 12,
  unitWeight: 0.888,
  material: { yieldStrength: 400, tensileStrength: 540, elongation: 16 },
};
const characteristic = (method: Characteristic['method'], standard: Partial<Characteristic> = {}): Characteristic => ({
  method,
  standardValue: null,
  lowerTolerance: null,
  upperTolerance: null,
  ...standard,
});
const LENGTH = characteristic('measured', { standardValue: 10, lowerTolerance: -0.1, upperTolerance: 0.1 });

describe('withinLimits', () => {
  it('includes both ends and leaves an open end without a limit', () => {
    expect(withinLimits(9.9, 9.9, 10.1)).toBe(true);
    expect(withinLimits(10.1, 9.9, 10.1)).toBe(true);
    expect(withinLimits(10.101, 9.9, 10.1)).toBe(false);
    expect(withinLimits(1e9, 0, null)).toBe(true);
    expect(withinLimits(-1e9, null, 0)).toBe(true);
  });

  it('compares in thousandths, so binary fractions of a sum do not fail a boundary value', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(withinLimits(0.3, null, 0.1 + 0.2)).toBe(true);
  });
});

describe('evaluateCheck', () => {
  it('measured: standard value plus each tolerance, boundaries passing', () => {
    expect(evaluateCheck(LENGTH, PHI12, { value: 10.1 })).toEqual({
      ok: true,
      value: 10.1,
      lowerLimit: 9.9,
      upperLimit: 10.1,
      result: 'pass',
    });
    expect(evaluateCheck(LENGTH, PHI12, { value: 9.89 })).toMatchObject({ ok: true, result: 'fail' });
  });

  it('measured: a missing tolerance leaves that side open; a missing standard value cannot be judged', () => {
    const atLeast = characteristic('measured', { standardValue: 5, lowerTolerance: 0 });
    expect(evaluateCheck(atLeast, PHI12, { value: 500 })).toMatchObject({
      lowerLimit: 5,
      upperLimit: null,
      result: 'pass',
    });
    expect(evaluateCheck(characteristic('measured'), PHI12, { value: 1 })).toEqual({
      ok: false,
      missing: 'standardValue',
    });
    expect(evaluateCheck(LENGTH, PHI12, {})).toEqual({ ok: false, missing: 'value' });
  });

  it('weight deviation: the deviation in % against the band of the diameter', () => {
    // 8 m weighing 6.8 kg is 4.28 % light: inside Φ12's ±6 %.
    expect(evaluateCheck(characteristic('weightDeviation'), PHI12, { massKg: 6.8, lengthMm: 8000 })).toEqual({
      ok: true,
      value: -4.28,
      lowerLimit: -6,
      upperLimit: 6,
      result: 'pass',
    });
    // The same 4.28 % fails Φ25's ±4 %.
    const phi25 = { ...PHI12, diameter: 25, unitWeight: 0.888 };
    expect(evaluateCheck(characteristic('weightDeviation'), phi25, { massKg: 6.8, lengthMm: 8000 })).toMatchObject({
      lowerLimit: -4,
      result: 'fail',
    });
  });

  it('weight deviation needs the mass and the length', () => {
    const weight = characteristic('weightDeviation');
    expect(evaluateCheck(weight, PHI12, { lengthMm: 8000 })).toEqual({ ok: false, missing: 'massKg' });
    expect(evaluateCheck(weight, PHI12, { massKg: 6.8 })).toEqual({ ok: false, missing: 'lengthMm' });
  });

  it('certificate values: at least the material’s minimum, no upper limit', () => {
    expect(evaluateCheck(characteristic('minYield'), PHI12, { value: 400 })).toEqual({
      ok: true,
      value: 400,
      lowerLimit: 400,
      upperLimit: null,
      result: 'pass',
    });
    expect(evaluateCheck(characteristic('minTensile'), PHI12, { value: 539 })).toMatchObject({ result: 'fail' });
    expect(evaluateCheck(characteristic('minElongation'), PHI12, { value: 16.5 })).toMatchObject({ result: 'pass' });
  });

  it('certificate values need a material with that minimum', () => {
    const noMaterial = { ...PHI12, material: null };
    const noElongation = { ...PHI12, material: { ...PHI12.material!, elongation: null } };
    expect(evaluateCheck(characteristic('minYield'), noMaterial, { value: 400 })).toEqual({
      ok: false,
      missing: 'material',
    });
    expect(evaluateCheck(characteristic('minElongation'), noElongation, { value: 20 })).toEqual({
      ok: false,
      missing: 'material',
    });
  });

  it('pass/fail: the inspector’s judgement, no value or limits; none given is not a pass', () => {
    const bend = characteristic('passFail');
    expect(evaluateCheck(bend, PHI12, { passed: false })).toEqual({
      ok: true,
      value: null,
      lowerLimit: null,
      upperLimit: null,
      result: 'fail',
    });
    expect(evaluateCheck(bend, PHI12, { passed: null })).toEqual({ ok: false, missing: 'passed' });
  });
});

describe('inspectionResult', () => {
  it('fails when any check fails', () => {
    expect(inspectionResult(['pass', 'pass'])).toBe('pass');
    expect(inspectionResult(['pass', 'fail'])).toBe('fail');
  });
});

describe('missingCheckError', () => {
  it('names the entry field the inspector left out, or the characteristic when configuration lacks a figure', () => {
    expect(missingCheckError('value')).toEqual({ field: 'value', error: 'required' });
    expect(missingCheckError('massKg')).toEqual({ field: 'massKg', error: 'required' });
    expect(missingCheckError('passed')).toEqual({ field: 'passed', error: 'judgementRequired' });
    expect(missingCheckError('material')).toEqual({ field: 'inspectionTypeId', error: 'materialMissing' });
    expect(missingCheckError('standardValue')).toEqual({ field: 'inspectionTypeId', error: 'standardMissing' });
  });
});

describe('judgeChecks', () => {
  const BEND = characteristic('passFail');

  it('judges every check in entry order and fails the inspection on any failed check', () => {
    const judging = judgeChecks(
      [
        { entry: { value: 10 }, characteristic: LENGTH },
        { entry: { passed: false }, characteristic: BEND },
      ],
      PHI12,
    );
    expect(judging).toMatchObject({ ok: true, result: 'fail' });
    if (!judging.ok) return;
    expect(judging.judged.map(({ outcome }) => outcome.result)).toEqual(['pass', 'fail']);
  });

  it('leaves out a check marked not tested', () => {
    const judging = judgeChecks(
      [
        { entry: { notTested: true }, characteristic: LENGTH },
        { entry: { passed: true }, characteristic: BEND },
      ],
      PHI12,
    );
    expect(judging).toMatchObject({ ok: true, result: 'pass' });
    if (judging.ok) expect(judging.judged.map(({ characteristic }) => characteristic)).toEqual([BEND]);
  });

  it('reports every check that cannot be judged at once, by its index', () => {
    expect(
      judgeChecks(
        [
          { entry: { value: 10 }, characteristic: LENGTH },
          { entry: {}, characteristic: BEND },
          { entry: { value: 400 }, characteristic: characteristic('minYield') },
        ],
        { ...PHI12, material: null },
      ),
    ).toEqual({
      ok: false,
      fields: { 'checks.1.passed': ['judgementRequired'], 'checks.2.inspectionTypeId': ['materialMissing'] },
    });
  });
});
