import { describe, expect, it } from 'vitest';
import type { MachineJobMessage } from '@armature/domain';
import type { NodeMap } from './gateway-config.ts';
import {
  alarmActive,
  countersFrom,
  inputValue,
  jobStatusMessages,
  machineryToTelemetryState,
  plainValue,
  type JobReport,
} from './opcua-values.ts';

describe('OPC 40001-1 states to telemetry states', () => {
  it('maps item state × operation mode as docs/telemetry.md’s table says', () => {
    expect(machineryToTelemetryState('Executing', 'Processing')).toEqual({ state: 'running', mode: 'processing' });
    expect(machineryToTelemetryState('NotExecuting', 'Processing')).toEqual({ state: 'idle', mode: 'processing' });
    expect(machineryToTelemetryState('NotExecuting', 'Setup')).toEqual({ state: 'idle', mode: 'setup' });
    expect(machineryToTelemetryState('OutOfService', 'None')).toEqual({ state: 'fault' });
    expect(machineryToTelemetryState('OutOfService', 'Maintenance')).toEqual({
      state: 'maintenance',
      mode: 'maintenance',
    });
    expect(machineryToTelemetryState('NotAvailable', 'Processing')).toEqual({ state: 'offline' });
    expect(machineryToTelemetryState('Executing')).toEqual({ state: 'running' });
  });

  it('reads StateNumbers, LocalizedTexts, QualifiedNames and names with spaces or another case', () => {
    expect(machineryToTelemetryState(3, 2)).toEqual({ state: 'running', mode: 'setup' });
    expect(machineryToTelemetryState({ text: 'Executing', locale: 'en' }, { name: 'Processing' })).toEqual({
      state: 'running',
      mode: 'processing',
    });
    expect(machineryToTelemetryState('not executing', '3')).toEqual({ state: 'idle', mode: 'processing' });
    expect(machineryToTelemetryState(2, 1)).toEqual({ state: 'maintenance', mode: 'maintenance' });
  });

  it('sends nothing for a state it cannot read rather than a guess', () => {
    expect(machineryToTelemetryState('Running')).toBeNull();
    expect(machineryToTelemetryState(7)).toBeNull();
    expect(machineryToTelemetryState(null)).toBeNull();
    // An unknown mode leaves the item state alone.
    expect(machineryToTelemetryState('Executing', 'Turbo')).toEqual({ state: 'running' });
  });
});

describe('counters and alarm bits', () => {
  it('derives the missing count and never lets good + scrap exceed pieces', () => {
    expect(countersFrom({ pieces: 10, good: 8, scrap: 2 }, true, true)).toEqual({ pieces: 10, good: 8, scrap: 2 });
    expect(countersFrom({ pieces: 10, scrap: 3 }, false, true)).toEqual({ pieces: 10, good: 7, scrap: 3 });
    expect(countersFrom({ pieces: 10, good: 6 }, true, false)).toEqual({ pieces: 10, good: 6, scrap: 4 });
    expect(countersFrom({ pieces: 10 }, false, false)).toEqual({ pieces: 10, good: 10, scrap: 0 });
    expect(countersFrom({ pieces: 10, good: 9, scrap: 4 }, true, true)).toEqual({ pieces: 10, good: 9, scrap: 1 });
    expect(countersFrom({ pieces: -1 }, false, false)).toBeNull();
    expect(countersFrom({ pieces: null }, false, false)).toBeNull();
  });

  it('takes true, 1 and "true" as an active alarm', () => {
    expect([true, 1, 'true', false, 0, null, 'yes'].map(alarmActive)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(plainValue(BigInt(5))).toBe(5);
  });
});

const TASK = '8d7b5a39-54c1-4b2c-9d1e-2f6f5f0e8a11';
const job: MachineJobMessage = {
  type: 'job',
  taskId: TASK,
  seq: 418,
  code: 'TK20261201-0003',
  grade: 'HRB400E',
  diameter: 12,
  work: {
    kind: 'cut',
    stock: { length: 12_000, source: 'stock', heatNo: 'J1R' },
    cuts: [{ length: 3000, count: 3, mark: 'A-12', orderLineId: TASK }],
    repetitions: 5,
    remainder: { length: 2990, action: 'keep' },
  },
  plc: { template: 'CUT-STD', command: 'CUT L=3000 N=5 D=12' },
  issuedAt: '2026-12-01T01:00:00.000Z',
};

describe('a job’s fields as node values', () => {
  it('takes fields by path, objects as JSON, $json the whole message and constants as they are', () => {
    expect(inputValue(job, 'taskId')).toBe(TASK);
    expect(inputValue(job, 'work.repetitions')).toBe(5);
    expect(inputValue(job, 'plc.command')).toBe('CUT L=3000 N=5 D=12');
    expect(JSON.parse(String(inputValue(job, 'work.cuts')))).toEqual([
      { length: 3000, count: 3, mark: 'A-12', orderLineId: TASK },
    ]);
    expect(JSON.parse(String(inputValue(job, '$json')))).toEqual(job);
    expect(inputValue(job, { const: true })).toBe(true);
    expect(inputValue(job, 'work.pieces')).toBeNull();
    expect(inputValue(job, 'plc.command.length')).toBeNull();
  });
});

describe('job nodes to job-status messages', () => {
  const nodes: NonNullable<NodeMap['jobs']>['status'] = {
    taskId: 'ns=1;s=T',
    seq: 'ns=1;s=S',
    state: 'ns=1;s=St',
    values: { '0': 'idle', '1': 'accepted', '2': 'started', '4': 'completed', '5': 'rejected' },
  };
  const ts = '2026-12-01T09:00:00.000Z';
  const ids = { taskId: TASK, seq: 418, ts };

  it('sends each new state once, a started job’s moving counts as pieces, and the completion with its counts', () => {
    let report: JobReport | null = null;
    const step = (state: number, good = 0, scrap = 0) => {
      const out = jobStatusMessages({ taskId: TASK, seq: 418, state, good, scrap }, report, nodes, ts);
      report = out.report;
      return out.messages;
    };
    expect(step(1)).toEqual([{ status: 'accepted', ...ids }]);
    expect(step(1)).toEqual([]);
    expect(step(2)).toEqual([{ status: 'started', ...ids }]);
    expect(step(2, 2)).toEqual([{ status: 'pieces', ...ids, good: 2, scrap: 0 }]);
    expect(step(2, 2)).toEqual([]);
    expect(step(2, 3, 1)).toEqual([{ status: 'pieces', ...ids, good: 3, scrap: 1 }]);
    expect(step(4, 5, 1)).toEqual([{ status: 'completed', ...ids, good: 5, scrap: 1 }]);
    expect(step(4, 5, 1)).toEqual([]);
    // The machine back to idle: nothing to say.
    expect(step(0)).toEqual([]);
  });

  it('a job first seen started with counts reports them at once; a rejection carries its code and text', () => {
    expect(jobStatusMessages({ taskId: TASK, seq: '418', state: 2, good: 3 }, null, nodes, ts).messages).toEqual([
      { status: 'started', ...ids },
      { status: 'pieces', ...ids, good: 3, scrap: 0 },
    ]);
    const rejected = jobStatusMessages(
      { taskId: TASK, seq: 418, state: 5, rejectCode: ' DIAMETER_RANGE ', rejectText: 'Φ40 too large' },
      null,
      nodes,
      ts,
    );
    expect(rejected.messages).toEqual([{ status: 'rejected', ...ids, code: 'DIAMETER_RANGE', text: 'Φ40 too large' }]);
    expect(jobStatusMessages({ taskId: TASK, seq: 418, state: 5 }, null, nodes, ts).messages[0]).toMatchObject({
      code: 'REJECTED',
      text: '',
    });
  });

  it('says nothing between jobs, for a state it does not know, or for a job id that is not one', () => {
    expect(jobStatusMessages({ taskId: '', seq: 0, state: 2 }, null, nodes, ts).messages).toEqual([]);
    expect(jobStatusMessages({ taskId: TASK, seq: 1.5, state: 2 }, null, nodes, ts).messages).toEqual([]);
    expect(jobStatusMessages({ taskId: TASK, seq: 418, state: 9 }, null, nodes, ts).messages).toEqual([]);
    // Without a values map the node holds the status names.
    const named = { ...nodes, values: undefined };
    expect(jobStatusMessages({ taskId: TASK, seq: 418, state: 'Paused' }, null, named, ts).messages).toEqual([
      { status: 'paused', ...ids },
    ]);
    expect(jobStatusMessages({ taskId: TASK, seq: 418, state: 'pieces' }, null, named, ts).messages).toEqual([]);
  });
});
