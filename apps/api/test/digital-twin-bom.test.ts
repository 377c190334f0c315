import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answerOf, counted, errorOf } from './helpers/inject.ts';
import {
  designBomDetailSchema,
  designBomPageSchema,
  digitalTwinBomPageSchema,
  digitalTwinBomSchema,
} from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('digital-twin BOMs (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const as = async (method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/${url}`, headers: await loginAs(ctx.app, 'admin'), payload });
  const designOf = async (code: string) => {
    const page = answerOf(await as('GET', `designBOM?filter=${code}`), designBomPageSchema);
    return answerOf(
      await as('GET', `designBOM/${page.items.find((bom) => bom.code === code)!.id}`),
      designBomDetailSchema,
    );
  };
  const details = (response: { json: () => unknown }) => errorOf(response).details ?? {};

  it('holds the demo twin of the shear line with its parts, signals and the simulator’s alarm codes', async () => {
    const all = answerOf(await as('GET', 'digitalTwinBOM/all'), z.array(digitalTwinBomSchema));
    const demo = all.find((twin) => twin.code === 'TWIN-GJW16')!;
    expect(demo).toMatchObject({ designBomCode: 'GJW16', designVersion: 1 });
    expect(demo.elements.map((element) => [element.element, element.partCode])).toEqual([
      ['剪切单元', 'GJW16-10'],
      ['送料辊道', 'GJW16-20'],
      ['液压站', 'GJW16-40'],
      ['电控柜', 'GJW16-30'],
    ]);
    expect(demo.elements.flatMap((element) => element.alarmCodes).sort()).toEqual([
      'E-101',
      'E-204',
      'E-310',
      'E-415',
      'E-520',
    ]);
    expect(demo.elements[0]!.signals[0]).toMatchObject({
      address: 'DB10.DBD4',
      dataType: 'DINT',
      telemetryField: 'pieces',
    });
  });

  it('creates, reads, replaces the elements of, and deletes a twin BOM', async () => {
    const design = await designOf('WG12D');
    const head = design.nodes.find((node) => node.partCode === 'WG12D-20')!;
    const straightener = design.nodes.find((node) => node.partCode === 'WG12D-10')!;
    const code = `TW-WG-${kind}`;
    const body = {
      code,
      name: '弯箍机数字孪生',
      designBomId: design.id,
      elements: [
        {
          element: '弯箍机头',
          designNodeId: head.id,
          signals: [{ address: '%MW100', dataType: 'INT', unit: '°', telemetryField: null, description: '弯曲角度' }],
          alarmCodes: ['E-310'],
        },
        { element: '防护门', designNodeId: null, signals: [], alarmCodes: ['E-520'] },
      ],
    };
    const created = await as('POST', 'digitalTwinBOM', body);
    expect(created.statusCode).toBe(201);
    const twin = answerOf(created, digitalTwinBomSchema);
    expect(twin.elements.map((element) => [element.element, element.partCode, element.partName])).toEqual([
      ['弯箍机头', 'WG12D-20', '弯箍机头'],
      ['防护门', null, null],
    ]);
    expect(twin.elements[0]!.signals).toEqual(body.elements[0]!.signals);

    expect((await as('POST', 'digitalTwinBOM', body)).statusCode).toBe(409);

    const replaced = await as('PUT', `digitalTwinBOM/${twin.id}`, {
      ...body,
      name: '弯箍机数字孪生 (改)',
      elements: [{ element: '矫直机构', designNodeId: straightener.id, signals: [], alarmCodes: [] }],
      lastModificationTime: twin.lastModificationTime,
    });
    expect(replaced.statusCode).toBe(200);
    const read = answerOf(await as('GET', `digitalTwinBOM/${twin.id}`), digitalTwinBomSchema);
    expect(read.name).toBe('弯箍机数字孪生 (改)');
    expect(read.elements.map((element) => [element.element, element.partCode])).toEqual([['矫直机构', 'WG12D-10']]);

    const stale = await as('PUT', `digitalTwinBOM/${twin.id}`, { ...body, lastModificationTime: twin.creationTime });
    expect(stale.statusCode).toBe(409);

    const page = answerOf(await as('GET', `digitalTwinBOM?filter=${code}`), digitalTwinBomPageSchema);
    expect(page.totalCount).toBe(1);
    expect(page.items[0]!.elements).toHaveLength(1);

    expect((await as('DELETE', `digitalTwinBOM/${twin.id}`)).statusCode).toBe(204);
    expect((await as('GET', `digitalTwinBOM/${twin.id}`)).statusCode).toBe(404);
  });

  it('refuses nodes of another BOM and unknown BOMs per field, writing nothing', async () => {
    const design = await designOf('WG12D');
    const other = await designOf('HGS40');
    const refused = await as('POST', 'digitalTwinBOM', {
      code: `TW-BAD-${kind}`,
      name: '错配',
      designBomId: design.id,
      elements: [
        { element: '机头', designNodeId: design.nodes[1]!.id, signals: [], alarmCodes: [] },
        { element: '滚丝头', designNodeId: other.nodes[1]!.id, signals: [], alarmCodes: [] },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(details(refused))).toEqual(['elements.1.designNodeId']);

    const unknown = await as('POST', 'digitalTwinBOM', {
      code: `TW-BAD-${kind}`,
      name: '错配',
      designBomId: '00000000-0000-4000-8000-000000000000',
      elements: [],
    });
    expect(unknown.statusCode).toBe(400);
    expect(details(unknown)).toHaveProperty('designBomId');

    const badSignal = await as('POST', 'digitalTwinBOM', {
      code: `TW-BAD-${kind}`,
      name: '错配',
      designBomId: design.id,
      elements: [{ element: '机头', signals: [{ address: '', dataType: 'FLOAT' }], alarmCodes: [] }],
    });
    expect(badSignal.statusCode).toBe(400);
    expect(Object.keys(details(badSignal))).toEqual(
      expect.arrayContaining(['elements.0.signals.0.address', 'elements.0.signals.0.dataType']),
    );
    expect(answerOf(await as('GET', `digitalTwinBOM?filter=TW-BAD-${kind}`), counted).totalCount).toBe(0);
  });

  it('is the maker’s: a plant user gets 403', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    for (const [method, url] of [
      ['GET', 'digitalTwinBOM'],
      ['GET', 'digitalTwinBOM/all'],
      ['POST', 'digitalTwinBOM'],
      ['PUT', 'digitalTwinBOM/00000000-0000-4000-8000-000000000000'],
      ['DELETE', 'digitalTwinBOM/00000000-0000-4000-8000-000000000000'],
    ] as const)
      expect((await ctx.app.inject({ method, url: `/api/${url}`, headers: planner, payload: {} })).statusCode).toBe(
        403,
      );
  });
});
