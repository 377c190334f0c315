import { describe, expect, it } from 'vitest';
import type { InspectionMethod } from '@armature/domain';
import {
  allEntered,
  checkInputOf,
  judgeLive,
  overallLive,
  productionCheckRow,
  receiptCheckRow,
} from './quality-record-checks.ts';

// HRB400E Φ12: 0.888 kg/m nominal, ±6 % allowed; yield at least 400 MPa.
const PHI12 = {
  diameter: 12,
  unitWeight: 0.888,
  material: { yieldStrength: 400, tensileStrength: 540, elongation: 16 },
};
const type = (code: string, method: InspectionMethod, tolerances: [number, number, number] | null) => ({
  id: `id-${code}`,
  code,
  name: code,
  unit: null,
  method,
  standardValue: tolerances?.[0] ?? null,
  lowerTolerance: tolerances?.[1] ?? null,
  upperTolerance: tolerances?.[2] ?? null,
});

describe('receipt check rows', () => {
  it('print the limits the domain judges by, per method', () => {
    expect(receiptCheckRow(type('W', 'weightDeviation', null), PHI12)).toMatchObject({ lowerLimit: -6, upperLimit: 6 });
    expect(receiptCheckRow(type('Y', 'minYield', null), PHI12)).toMatchObject({ lowerLimit: 400, upperLimit: null });
    expect(receiptCheckRow(type('D', 'measured', [12, -0.4, 0.4]), PHI12)).toMatchObject({
      lowerLimit: 11.6,
      upperLimit: 12.4,
    });
    expect(receiptCheckRow(type('B', 'passFail', null), PHI12)).toMatchObject({ lowerLimit: null, upperLimit: null });
  });

  it('leave the limits open when the spec has no material to compare with', () => {
    expect(receiptCheckRow(type('Y', 'minYield', null), { ...PHI12, material: null })).toMatchObject({
      lowerLimit: null,
      upperLimit: null,
    });
  });
});

describe('live judgement', () => {
  const weight = receiptCheckRow(type('W', 'weightDeviation', null), PHI12);

  it('computes the weight deviation from mass and length and judges it against the band', () => {
    // 1 m of Φ12 weighing 0.80 kg: −9.91 %, outside ±6 %.
    expect(judgeLive(weight, PHI12, { massKg: 0.8, lengthMm: 1000 })).toEqual({ value: -9.91, result: 'fail' });
    expect(judgeLive(weight, PHI12, { massKg: 0.9, lengthMm: 1000 })).toEqual({ value: 1.35, result: 'pass' });
  });

  it('says nothing until what the method needs is typed', () => {
    expect(judgeLive(weight, PHI12, undefined)).toBeNull();
    expect(judgeLive(weight, PHI12, { massKg: 0.9 })).toBeNull();
  });

  it('judges a production value against the absolute limits the due answer gives, boundaries passing', () => {
    const length = productionCheckRow({
      id: 'L',
      code: 'CUT-LEN',
      name: 'Cut length deviation',
      unit: 'mm',
      method: 'measured',
      lowerLimit: -10,
      upperLimit: 10,
    });
    expect(judgeLive(length, null, { value: 10 })).toEqual({ value: 10, result: 'pass' });
    expect(judgeLive(length, null, { value: -10.5 })).toEqual({ value: -10.5, result: 'fail' });
  });

  it('judges a yes/no, and leaves a weighed sample to the server when the spec is unknown', () => {
    const bend = productionCheckRow({ ...weight, method: 'passFail', lowerLimit: null, upperLimit: null });
    expect(judgeLive(bend, null, { passed: false })).toEqual({ value: null, result: 'fail' });
    const weighed = productionCheckRow({ ...weight });
    expect(judgeLive(weighed, null, { massKg: 0.8, lengthMm: 1000 })).toBeNull();
  });

  it('is a fail as soon as one check fails, a pass only when all pass', () => {
    expect(overallLive([{ value: 1, result: 'pass' }, null])).toBeNull();
    expect(overallLive([{ value: 1, result: 'fail' }, null])).toBe('fail');
    expect(
      overallLive([
        { value: 1, result: 'pass' },
        { value: null, result: 'pass' },
      ]),
    ).toBe('pass');
    expect(overallLive([])).toBeNull();
  });
});

describe('check inputs', () => {
  const rows = [
    receiptCheckRow(type('W', 'weightDeviation', null), PHI12),
    receiptCheckRow(type('Y', 'minYield', null), PHI12),
    receiptCheckRow(type('B', 'passFail', null), PHI12),
  ];

  it('send only the fields the method reads', () => {
    const entry = { value: 450, massKg: 0.9, lengthMm: 1000, passed: false };
    expect(rows.map((row) => checkInputOf(row, entry))).toEqual([
      { inspectionTypeId: 'id-W', massKg: 0.9, lengthMm: 1000, remark: null },
      { inspectionTypeId: 'id-Y', value: 450, remark: null },
      { inspectionTypeId: 'id-B', passed: false, remark: null },
    ]);
  });

  it('take nothing as judged: a yes/no needs pass, fail or an explicit "not tested"', () => {
    const numbers = { 'id-W': { massKg: 0.9, lengthMm: 1000 }, 'id-Y': { value: 450 } };
    expect(allEntered(rows, numbers)).toBe(false);
    expect(allEntered(rows, { ...numbers, 'id-B': { passed: false } })).toBe(true);
    expect(allEntered(rows, { ...numbers, 'id-B': { notTested: true } })).toBe(true);
    expect(checkInputOf(rows[2]!, { notTested: true })).toEqual({
      inspectionTypeId: 'id-B',
      notTested: true,
      remark: null,
    });
  });
});
