import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answerOf, counted, errorOf } from './helpers/inject.ts';
import { plcTaskPageSchema, plcTaskSchema } from '@armature/domain';
import { loginAs } from './helpers/auth.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabases())('PLC task templates (%s)', (kind) => {
  const ctx = useTestApp(kind);
  const as = async (method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/${url}`, headers: await loginAs(ctx.app, 'admin'), payload });
  const details = (response: { json: () => unknown }) => errorOf(response).details ?? {};
  const template = (code: string) => ({
    code,
    name: '定尺剪切',
    equipmentModel: 'GJW-16 剪切生产线',
    parameters: [
      { name: 'length', label: '长度', type: 'int', unit: 'mm', min: 300, max: 12000 },
      { name: 'count', label: '根数', type: 'int', unit: '根', min: 1, max: 999 },
    ],
    command: 'CUT L={length} N={count}',
  });

  it('holds the two demo templates, renders them and refuses bad values per parameter', async () => {
    const all = answerOf(await as('GET', 'PLCTask/all'), z.array(plcTaskSchema));
    const cut = all.find((task) => task.code === 'CUT-LN')!;
    const bend = all.find((task) => task.code === 'BEND-ANG')!;
    expect(cut).toMatchObject({ equipmentModel: 'GJW-16 剪切生产线', techniqueName: '剪切' });
    expect(bend.parameters.map((parameter) => parameter.name)).toEqual([
      'diameter',
      'length',
      'angle1',
      'angle2',
      'mandrel',
    ]);

    const rendered = await as('POST', `PLCTask/${bend.id}/render`, {
      values: { diameter: 16, length: 2400, angle1: 90, angle2: '-135.5', mandrel: '5d' },
    });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.json()).toEqual({ command: 'BEND D=16 L=2400 A1=90 A2=-135.5 M=5d' });

    const refused = await as('POST', `PLCTask/${bend.id}/render`, {
      values: { diameter: 40, length: 2400.5, angle1: 90, mandrel: '3d', speed: 3 },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(details(refused)).sort()).toEqual([
      'values.angle2',
      'values.diameter',
      'values.length',
      'values.mandrel',
      'values.speed',
    ]);
    const english = await ctx.app.inject({
      method: 'POST',
      url: `/api/PLCTask/${cut.id}/render`,
      headers: { ...(await loginAs(ctx.app, 'admin')), 'accept-language': 'en-US' },
      payload: { values: { diameter: 12, length: 200, count: 3 } },
    });
    expect(details(english)).toEqual({ 'values.length': ['Must be at least 300'] });
  });

  it('creates, lists by model, updates and deletes a template; a code is unique per model', async () => {
    const code = `CUT-T-${kind}`;
    const created = await as('POST', 'PLCTask', template(code));
    expect(created.statusCode).toBe(201);
    const task = answerOf(created, plcTaskSchema);
    expect(task.parameters[0]).toMatchObject({ name: 'length', required: true });
    expect((await as('POST', 'PLCTask', template(code))).statusCode).toBe(409);
    const elsewhere = await as('POST', 'PLCTask', { ...template(code), equipmentModel: 'WG12D-4 弯箍机' });
    expect(elsewhere.statusCode).toBe(201);

    const page = answerOf(
      await as('GET', `PLCTask?equipmentModel=${encodeURIComponent('WG12D-4 弯箍机')}&filter=${code}`),
      plcTaskPageSchema,
    );
    expect(page.items.map((each) => each.id)).toEqual([answerOf(elsewhere, plcTaskSchema).id]);

    const updated = await as('PUT', `PLCTask/${task.id}`, {
      ...template(code),
      command: 'CUT L={length} N={count} ;',
      lastModificationTime: task.lastModificationTime,
    });
    expect(updated.statusCode).toBe(200);
    expect(answerOf(updated, plcTaskSchema).command).toBe('CUT L={length} N={count} ;');
    const stale = await as('PUT', `PLCTask/${task.id}`, { ...template(code), lastModificationTime: task.creationTime });
    expect(stale.statusCode).toBe(409);

    expect((await as('DELETE', `PLCTask/${task.id}`)).statusCode).toBe(204);
    expect((await as('GET', `PLCTask/${task.id}`)).statusCode).toBe(404);
  });

  it('refuses an unsound template naming each field, writing nothing', async () => {
    const code = `BAD-${kind}`;
    const refused = await as('POST', 'PLCTask', {
      ...template(code),
      parameters: [
        { name: 'length', label: '长度', type: 'int', min: 500, max: 100 },
        { name: 'length', label: '又是长度', type: 'decimal' },
        { name: 'grade', label: '牌号', type: 'enum', options: [] },
      ],
      command: 'CUT L={length} N={count}',
      techniqueId: '00000000-0000-4000-8000-000000000000',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(details(refused)).sort()).toEqual([
      'command',
      'parameters.0.max',
      'parameters.1.name',
      'parameters.2.options',
      'techniqueId',
    ]);
    const badName = await as('POST', 'PLCTask', {
      ...template(code),
      parameters: [{ name: '1st', label: 'x', type: 'int' }],
      command: 'X',
    });
    expect(Object.keys(details(badName))).toEqual(['parameters.0.name']);
    expect(answerOf(await as('GET', `PLCTask?filter=${code}`), counted).totalCount).toBe(0);
  });

  it('is the maker’s: a plant user gets 403', async () => {
    const planner = await loginAs(ctx.app, 'planner');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', 'PLCTask'],
      ['GET', 'PLCTask/all'],
      ['POST', 'PLCTask'],
      ['PUT', `PLCTask/${id}`],
      ['DELETE', `PLCTask/${id}`],
      ['POST', `PLCTask/${id}/render`],
    ] as const)
      expect((await ctx.app.inject({ method, url: `/api/${url}`, headers: planner, payload: {} })).statusCode).toBe(
        403,
      );
  });
});
