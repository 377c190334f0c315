import { describe, expect, it } from 'vitest';
import { parseBvbs } from '../planning/index.ts';
import {
  machineJobStatusSchema,
  machineJobMessageSchema,
  machineJobTopic,
  parseMachineJobTopic,
} from './machine-job.ts';
import { machineJobOf, type JobTask } from './machine-job-build.ts';
import { jobProgress, jobStatusEffect } from './machine-job-apply.ts';

const LINE = '11111111-1111-4111-8111-111111111111';
const output = {
  orderLineId: LINE,
  orderId: '22222222-2222-4222-8222-222222222222',
  orderCode: 'DO-1',
  project: 'Tower A',
  mark: 'A1',
  length: 2400,
  perRepetition: 4,
  pieces: 40,
  produced: 0,
  stage: 'finished' as const,
  shapeCode: null,
  geometry: [],
  mandrel: null,
  piecesPerBundle: null,
  supersededRevision: null,
};
const cutTask: JobTask = {
  id: '33333333-3333-4333-8333-333333333333',
  code: 'TK20261122-0001',
  kind: 'cut',
  grade: 'HRB400',
  diameter: 16,
  repetitions: 10,
  pattern: {
    stockLength: 12000,
    source: 'stock',
    heatNo: 'H-7',
    cuts: [{ length: 2400, count: 4, orderLineId: LINE }],
    offcut: 2400,
    offcutKind: 'tail',
  },
  outputs: [output],
};
const bendTask: JobTask = {
  ...cutTask,
  kind: 'bend',
  pattern: null,
  repetitions: 12,
  outputs: [
    {
      ...output,
      perRepetition: 1,
      pieces: 12,
      geometry: [
        { length: 300, angle: 90 },
        { length: 1800, angle: 90 },
        { length: 300, angle: 0 },
      ],
      mandrel: 64,
    },
  ],
};
const AT = '2026-11-22T08:00:00.000Z';

describe('machine job payloads', () => {
  it('a cut job names the bar, the cuts in order with their marks, the bars and what is left', () => {
    const job = machineJobOf(cutTask, 7, null, AT);
    expect(machineJobMessageSchema.parse(job)).toEqual(job);
    expect(job.work).toEqual({
      kind: 'cut',
      stock: { length: 12000, source: 'stock', heatNo: 'H-7' },
      cuts: [{ length: 2400, count: 4, mark: 'A1', orderLineId: LINE }],
      repetitions: 10,
      remainder: { length: 2400, action: 'keep' },
    });
    expect(job.plc).toBeNull();
  });

  it('a bend job carries the shape as checksummed BVBS records, the pieces and the mandrel', () => {
    const job = machineJobOf(bendTask, 8, null, AT);
    expect(machineJobMessageSchema.parse(job)).toEqual(job);
    if (job.work.kind !== 'bend') throw new Error('not a bend job');
    expect(job.work.pieces).toBe(12);
    expect(job.work.mandrel).toBe(64);
    const [record] = parseBvbs(job.work.bvbs[0]!);
    if (record?.kind !== 'record') throw new Error('not a BVBS record');
    expect(record.checksum.found).toBe(record.checksum.expected);
    expect(record.legs).toHaveLength(3);
  });

  it('renders the PLC template of the machine model with the job’s values, or sends none it cannot fill', () => {
    const parameter = { label: 'x', unit: null, min: null, max: null, options: null, required: true };
    const template = {
      code: 'CUT',
      command: 'CUT L={length} N={count} D={diameter}',
      parameters: [
        { ...parameter, name: 'length', type: 'int' as const },
        { ...parameter, name: 'count', type: 'int' as const },
        { ...parameter, name: 'diameter', type: 'int' as const },
      ],
    };
    expect(machineJobOf(cutTask, 1, template, AT).plc).toEqual({ template: 'CUT', command: 'CUT L=2400 N=10 D=16' });
    const unknown = { ...template, parameters: [{ ...parameter, name: 'speed', type: 'int' as const }] };
    expect(machineJobOf(cutTask, 1, unknown, AT).plc).toBeNull();
  });

  it('job topics are the machine’s own, other channels and levels are not', () => {
    const parts = { clientCode: 'DEMO', productCode: 'LINE1', serialNumber: 'GJW16-2403-0117' };
    expect(machineJobTopic(parts, 'job-status')).toBe('armature/v1/DEMO/LINE1/GJW16-2403-0117/job-status');
    expect(parseMachineJobTopic('armature/v1/DEMO/LINE1/GJW16-2403-0117/job')).toEqual({ ...parts, channel: 'job' });
    expect(parseMachineJobTopic('armature/v1/DEMO/LINE1/GJW16-2403-0117/state')).toBeNull();
    expect(parseMachineJobTopic('armature/v1/DEMO/+/GJW16/job')).toBeNull();
  });

  it('job-status messages are strict: unknown fields, bad counts and missing reasons are refused', () => {
    const base = { taskId: cutTask.id, seq: 3, ts: '2026-11-22T08:00:00+08:00' };
    expect(machineJobStatusSchema.safeParse({ status: 'pieces', ...base, good: 2, scrap: 0 }).success).toBe(true);
    expect(machineJobStatusSchema.safeParse({ status: 'pieces', ...base, good: -1, scrap: 0 }).success).toBe(false);
    expect(machineJobStatusSchema.safeParse({ status: 'rejected', ...base, text: 'x' }).success).toBe(false);
    expect(machineJobStatusSchema.safeParse({ status: 'started', ...base, extra: 1 }).success).toBe(false);
    expect(machineJobStatusSchema.safeParse({ status: 'started', ...base, seq: 0 }).success).toBe(false);
  });
});

describe('job-status effects', () => {
  const open = { state: 'sent' as const, withdrawn: false };
  it('moves the task as the operator would, once', () => {
    expect(jobStatusEffect(open, { status: 'dispatched' }, { status: 'accepted' })).toBe('record');
    expect(jobStatusEffect(open, { status: 'dispatched' }, { status: 'started' })).toBe('start');
    expect(jobStatusEffect(open, { status: 'running' }, { status: 'pieces' })).toBe('report');
    expect(jobStatusEffect(open, { status: 'running' }, { status: 'paused' })).toBe('pause');
    expect(jobStatusEffect(open, { status: 'paused' }, { status: 'started' })).toBe('start');
    expect(jobStatusEffect(open, { status: 'dispatched' }, { status: 'completed' })).toBe('complete');
    expect(jobStatusEffect(open, { status: 'dispatched' }, { status: 'rejected' })).toBe('reject');
  });
  it('a repeated or late message of an ended job changes nothing; a task done by hand is not completed again', () => {
    for (const state of ['completed', 'rejected', 'withdrawn'] as const)
      expect(jobStatusEffect({ state, withdrawn: false }, { status: 'running' }, { status: 'completed' })).toBe(
        'ignore',
      );
    expect(jobStatusEffect(open, { status: 'done' }, { status: 'completed' })).toBe('ignore');
    expect(jobStatusEffect(open, { status: 'running' }, { status: 'rejected' })).toBe('ignore');
  });
  it('a withdrawn job is acknowledged, or reported started once', () => {
    const withdrawn = { state: 'accepted' as const, withdrawn: true };
    expect(jobStatusEffect(withdrawn, { status: 'cancelled' }, { status: 'withdrawn' })).toBe('record');
    expect(jobStatusEffect(withdrawn, { status: 'cancelled' }, { status: 'started' })).toBe('startedWithdrawn');
    expect(jobStatusEffect({ ...withdrawn, state: 'started' }, { status: 'cancelled' }, { status: 'pieces' })).toBe(
      'ignore',
    );
  });
  it('cumulative counts never go back, nor past the repetitions', () => {
    expect(jobProgress({ done: 5, scrap: 1, repetitions: 10 }, { good: 3, scrap: 0 })).toEqual({ done: 5, scrap: 1 });
    expect(jobProgress({ done: 5, scrap: 1, repetitions: 10 }, { good: 12, scrap: 2 })).toEqual({ done: 10, scrap: 2 });
    expect(jobProgress({ done: 5, scrap: 1, repetitions: 10 }, {})).toEqual({ done: 5, scrap: 1 });
  });
});
