import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  controlChartSchema,
  inspectionPageSchema,
  inspectionSchema,
  passRateSchema,
  taskDetailSchema,
  type Inspection,
} from '@armature/domain';
import { createCharacteristic, cutChecks, inspectionUsers } from './helpers/inspection-fixture.ts';
import { createTaskFixture, type TaskFixture } from './helpers/task-fixture.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { injectorFor, answerOf } from './helpers/inject.ts';

type Headers = { authorization: string; [name: string]: string };

const PLANNED = Date.parse('2026-12-01T01:00:00Z');
/** The chart's values, one a piece, an hour apart on 3 December. */
const CHART_VALUES = [12.0, 12.2, 11.9, 12.1, 12.3];

describe.each(testDatabases())('inspection records on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: Headers;
  let other: Headers;
  let f: TaskFixture;
  let length: { id: string; code: string };
  let visual: { id: string; code: string };
  let diameter: { id: string; code: string };
  /** Piece 1 passed, piece 2 failed on length (1 Dec), piece 3 failed the visual check (2 Dec). */
  let passed: Inspection;
  let failedLength: Inspection;
  let failedVisual: Inspection;
  let charted: Inspection[];

  const inject = injectorFor(ctx);
  const ok = async <S extends z.ZodType>(schema: S, url: string, headers: Headers = admin) => {
    const response = await inject('GET', url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return answerOf(response, schema);
  };
  const list = (query: string, headers: Headers = admin) =>
    ok(inspectionPageSchema, `inspection?taskId=${f.tasks.raw.id}&${query}`, headers);
  const record = async (body: object) => {
    const response = await inject('POST', `inspection/task/${f.tasks.raw.id}`, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return answerOf(response, inspectionSchema);
  };
  async function workbook(query: string, language: string) {
    const response = await inject('GET', `inspection/export?taskId=${f.tasks.raw.id}&${query}`, {
      ...admin,
      'accept-language': language,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  beforeAll(async () => {
    const users = await inspectionUsers(ctx.app);
    ({ admin, other } = users);
    const { operator } = users;

    let cut: string;
    ({ cut, length, visual } = await cutChecks(ctx.app, admin));
    diameter = await createCharacteristic(ctx.app, admin, {
      techniqueId: cut,
      method: 'measured',
      unit: 'mm',
      standardValue: 12,
      lowerTolerance: -0.5,
      upperTolerance: 0.5,
    });

    f = await createTaskFixture(ctx.app.db, { tag: 'R1', purchaseLength: 9810, plannedStart: PLANNED });
    const { raw } = f.tasks;
    for (const [action, headers, payload] of [
      ['dispatch', admin],
      ['start', operator],
      ['report', operator, { done: 5 }],
    ] as const) {
      const response = await inject('POST', `task/${raw.id}/${action}`, headers, payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    passed = await record({
      pieceNo: 1,
      inspectedAt: '2026-12-01T04:00:00Z',
      checks: [
        { inspectionTypeId: length.id, value: 3001 },
        { inspectionTypeId: visual.id, passed: true },
      ],
    });
    failedLength = await record({
      pieceNo: 2,
      inspectedAt: '2026-12-01T05:00:00Z',
      checks: [
        { inspectionTypeId: length.id, value: 3010 },
        { inspectionTypeId: visual.id, passed: true },
      ],
    });
    failedVisual = await record({
      pieceNo: 3,
      inspectedAt: '2026-12-02T04:00:00Z',
      scrapPieces: 0,
      checks: [{ inspectionTypeId: visual.id, passed: false }],
    });
    charted = [];
    for (const [index, value] of CHART_VALUES.entries())
      charted.push(
        await record({
          pieceNo: 4 + index,
          inspectedAt: `2026-12-03T0${index + 1}:00:00Z`,
          checks: [{ inspectionTypeId: diameter.id, value }],
        }),
      );
  });

  it('lists a task’s inspections newest first and filters them by result, characteristic, machine, heat, kind and plant day', async () => {
    const all = await list('');
    expect(all.totalCount).toBe(8);
    expect(all.items[0]!.id).toBe(charted.at(-1)!.id);
    expect(all.items.at(-1)!.id).toBe(passed.id);

    expect((await list('result=fail')).items.map((item) => item.id)).toEqual([failedVisual.id, failedLength.id]);
    expect((await list(`inspectionTypeId=${length.id}`)).items.map((item) => item.id)).toEqual([
      failedLength.id,
      passed.id,
    ]);
    expect((await list(`equipmentId=${f.cutter.id}`)).totalCount).toBe(8);
    expect((await list(`equipmentId=${f.bender.id}`)).totalCount).toBe(0);
    expect((await list('heatNo=1r')).totalCount).toBe(8);
    expect((await list('heatNo=NOPE')).totalCount).toBe(0);
    expect((await list('kind=receipt')).totalCount).toBe(0);
    expect((await list('dateFrom=2026-12-01&dateTo=2026-12-01')).items.map((item) => item.id)).toEqual([
      failedLength.id,
      passed.id,
    ]);
    expect((await list('dateFrom=2026-12-02')).totalCount).toBe(6);
    expect((await list(`filter=${failedVisual.code}`)).items.map((item) => item.id)).toEqual([failedVisual.id]);

    const byCode = await list('sorting=code asc&maxResultCount=3');
    expect(byCode.totalCount).toBe(8);
    expect(byCode.items.map((item) => item.id)).toEqual([passed.id, failedLength.id, failedVisual.id]);
    expect((await inject('GET', 'inspection?sorting=secret', admin)).statusCode).toBe(400);

    // Another product sees none of them.
    expect((await list('', other)).totalCount).toBe(0);
  });

  it('answers one inspection with its checks; another product’s is 404 like a missing one', async () => {
    const detail = await ok(inspectionSchema, `inspection/${failedLength.id}`);
    expect(detail).toMatchObject({
      code: failedLength.code,
      kind: 'production',
      result: 'fail',
      techniqueName: 'Cutting',
      task: { id: f.tasks.raw.id, code: f.tasks.raw.code },
      equipment: { id: f.cutter.id },
      heatNo: 'R1R',
      rebarName: 'HRB400E Φ12',
      pieceNo: 2,
      scrapPieces: 1,
      inspectedAt: '2026-12-01T05:00:00.000Z',
    });
    expect(detail.checks.find((check) => check.inspectionTypeId === length.id)).toMatchObject({
      value: 3010,
      lowerLimit: 2995,
      upperLimit: 3005,
      unit: 'mm',
      result: 'fail',
    });
    expect(detail.checks).toHaveLength(2);
    expect((await inject('GET', `inspection/${failedLength.id}`, other)).statusCode).toBe(404);
    expect((await inject('GET', 'inspection/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    // The task knows: flagged, one piece scrapped (the visual failure scrapped none).
    expect(await ok(taskDetailSchema, `task/${f.tasks.raw.id}`)).toMatchObject({ qualityFlag: true, scrap: 1 });
  });

  it('exports one row per check with headers in the caller’s language', async () => {
    const rows = await workbook('', 'en-US');
    expect(rows[0]).toEqual([
      'Inspection',
      'Inspected at',
      'Kind',
      'Technique',
      'Receipt / task',
      'Machine',
      'Heat number',
      'Piece',
      'Characteristic',
      'Value',
      'Lower limit',
      'Upper limit',
      'Result',
      'Inspector',
    ]);
    expect(rows).toHaveLength(1 + 2 + 2 + 1 + CHART_VALUES.length);
    const lengthRow = rows.find((row) => row[0] === failedLength.code && row[9] === 3010)!;
    expect(lengthRow).toEqual([
      failedLength.code,
      '2026-12-01T05:00:00.000Z',
      'Production',
      'Cutting',
      f.tasks.raw.code,
      expect.any(String),
      'R1R',
      2,
      `Characteristic ${length.code} (mm)`,
      3010,
      2995,
      3005,
      'Fail',
      expect.any(String),
    ]);
    const failures = await workbook('result=fail', 'zh-CN');
    expect(failures[0]![0]).toBe('检验单号');
    const failed = failures.slice(1).map((row) => [row[0], row[12]]);
    expect(failed).toHaveLength(3);
    expect(failed[0]).toEqual([failedVisual.code, '不合格']);
    expect(failed.slice(1)).toEqual(
      expect.arrayContaining([
        [failedLength.code, '合格'],
        [failedLength.code, '不合格'],
      ]),
    );
  });

  it('answers the pass rate per characteristic under the list’s filters', async () => {
    const rates = await ok(passRateSchema, `inspection/stats/pass-rate?taskId=${f.tasks.raw.id}`);
    const of = (id: string) => rates.items.find((item) => item.inspectionTypeId === id);
    expect(of(length.id)).toMatchObject({ code: length.code, unit: 'mm', checks: 2, passed: 1, passRate: 0.5 });
    expect(of(visual.id)).toMatchObject({ checks: 3, passed: 2, passRate: 0.6667 });
    expect(of(diameter.id)).toMatchObject({ checks: 5, passed: 5, passRate: 1 });
    const firstDay = await ok(
      passRateSchema,
      `inspection/stats/pass-rate?taskId=${f.tasks.raw.id}&dateFrom=2026-12-01&dateTo=2026-12-01`,
    );
    expect(firstDay.items).toHaveLength(2);
    expect(firstDay.items.map((item) => [item.inspectionTypeId, item.checks])).toEqual(
      expect.arrayContaining([
        [length.id, 2],
        [visual.id, 2],
      ]),
    );
    expect((await ok(passRateSchema, `inspection/stats/pass-rate?taskId=${f.tasks.raw.id}`, other)).items).toEqual([]);
  });

  it('charts a characteristic’s latest values oldest first with limits computed by hand', async () => {
    const chart = await ok(controlChartSchema, `inspection/stats/control-chart?inspectionTypeId=${diameter.id}`);
    // Individuals: x̄ = 60.5 / 5 = 12.1; moving ranges 0.2, 0.3, 0.2, 0.2 → R̄ = 0.225;
    // limits x̄ ± 2.66 R̄ = 12.1 ± 0.5985; the range chart's upper limit 3.267 R̄ = 0.735075.
    expect(chart).toMatchObject({
      inspectionTypeId: diameter.id,
      code: diameter.code,
      unit: 'mm',
      subgroupSize: 1,
      lowerLimit: 11.5,
      upperLimit: 12.5,
    });
    expect(chart.centre).toBeCloseTo(12.1, 4);
    expect(chart.upperControl).toBeCloseTo(12.6985, 4);
    expect(chart.lowerControl).toBeCloseTo(11.5015, 4);
    expect(chart.rangeCentre).toBeCloseTo(0.225, 4);
    expect(chart.rangeUpperControl).toBeCloseTo(0.7351, 4);
    expect(chart.points.map((point) => point.value)).toEqual(CHART_VALUES);
    expect(chart.points[0]).toMatchObject({ range: null, outOfControl: false, inspectionCode: charted[0]!.code });
    expect(chart.points[1]!.range).toBeCloseTo(0.2, 4);
    expect(chart.points.every((point) => !point.outOfControl)).toBe(true);

    const recent = await ok(
      controlChartSchema,
      `inspection/stats/control-chart?inspectionTypeId=${diameter.id}&limit=4`,
    );
    expect(recent.points.map((point) => point.value)).toEqual(CHART_VALUES.slice(1));
    expect(recent.points[0]!.inspectedAt).toBe('2026-12-03T02:00:00.000Z');

    // X̄/R of pairs: (12.0, 12.2) and (11.9, 12.1); the fifth value waits for its pair.
    const pairs = await ok(
      controlChartSchema,
      `inspection/stats/control-chart?inspectionTypeId=${diameter.id}&subgroupSize=2`,
    );
    expect(pairs.points.map((point) => point.value)).toEqual([12.1, 12]);
    expect(pairs.centre).toBeCloseTo(12.05, 4);
    expect(pairs.upperControl).toBeCloseTo(12.05 + 1.88 * 0.2, 4);
    expect(pairs.points[1]!.inspectionCode).toBe(charted[2]!.code);

    const elsewhere = await ok(
      controlChartSchema,
      `inspection/stats/control-chart?inspectionTypeId=${diameter.id}&equipmentId=${f.bender.id}`,
    );
    expect(elsewhere).toMatchObject({ points: [], centre: null, lowerLimit: null });
    expect(
      (
        await inject(
          'GET',
          'inspection/stats/control-chart?inspectionTypeId=00000000-0000-4000-8000-000000000000',
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect((await inject('GET', 'inspection/stats/control-chart', admin)).statusCode).toBe(400);
  });
});
