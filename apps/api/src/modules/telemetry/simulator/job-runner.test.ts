import { describe, expect, it } from 'vitest';
import { jobDurationMs, nominalUnitWeight, type MachineJob } from '@armature/domain';
import { JobRunner, emptyJobMemory, jobWorkMs, type JobCapability } from './job-runner.ts';

const SHEAR: JobCapability = {
  kinds: ['cut'],
  diameterMin: 12,
  diameterMax: 40,
  idealRate: 240,
  throughput: [{ diameterFrom: 12, diameterTo: 20, rate: 9000, unit: 'kgPerHour' }],
};
const TASK = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const LINE = '00000000-0000-4000-8000-000000000009';

function cutJob(seq: number, taskId = TASK, diameter = 12): MachineJob {
  return {
    type: 'job',
    taskId,
    seq,
    code: `TK-${seq}`,
    grade: 'HRB400E',
    diameter,
    work: {
      kind: 'cut',
      stock: { length: 12_000, source: 'stock', heatNo: null },
      cuts: [{ length: 3000, count: 3, mark: 'A', orderLineId: LINE }],
      repetitions: 5,
      remainder: { length: 2990, action: 'keep' },
    },
    plc: null,
    issuedAt: '2026-12-01T01:00:00.000Z',
  };
}

describe('the simulated machine’s job runner', () => {
  it('takes as long as the schedule’s job-duration rule says, at its speed', () => {
    const kg = 12 * nominalUnitWeight(12) * 5;
    const expected = jobDurationMs(
      { techniqueId: 'cut', diameter: 12, pieces: 15, weightKg: kg },
      { ...SHEAR, techniqueIds: ['cut'], throughput: [...SHEAR.throughput] },
    );
    expect(jobWorkMs(cutJob(1), SHEAR)).toBe(expected);
    expect(expected).toBeGreaterThan(20_000);
  });

  it('accepts, starts, reports cumulative pieces and completes, one job after the other in sequence order', () => {
    const runner = new JobRunner(SHEAR, 100);
    const duration = jobWorkMs(cutJob(1), SHEAR) as number;
    expect(runner.receive(cutJob(2, OTHER))).toEqual([{ status: 'accepted', taskId: OTHER, seq: 2 }]);
    expect(runner.receive(cutJob(1))).toEqual([{ status: 'accepted', taskId: TASK, seq: 1 }]);
    // A redelivery changes nothing.
    expect(runner.receive(cutJob(1))).toEqual([]);
    expect(runner.advance(0)).toEqual([{ status: 'started', taskId: TASK, seq: 1 }]);
    expect(runner.state).toBe('running');
    const half = runner.advance(duration / 100 / 2 + 1);
    expect(half).toEqual([{ status: 'pieces', taskId: TASK, seq: 1, good: 2, scrap: 0 }]);
    expect(runner.memory.counters).toEqual({ pieces: 6, good: 6, scrap: 0 });
    const end = runner.advance(duration / 100 + 1);
    expect(end.slice(0, 2)).toEqual([
      { status: 'completed', taskId: TASK, seq: 1, good: 5, scrap: 0 },
      { status: 'started', taskId: OTHER, seq: 2 },
    ]);
    expect(runner.memory.counters.pieces).toBe(15);
    expect(runner.receive(cutJob(1))).toEqual([]);
    runner.advance(10 * duration);
    expect(runner.state).toBe('idle');
    expect(runner.memory.counters.pieces).toBe(30);
  });

  it('rejects what it cannot do with a reason code of the contract', () => {
    const runner = new JobRunner(SHEAR, 1);
    expect(runner.receive(cutJob(1, TASK, 10))).toEqual([
      expect.objectContaining({ status: 'rejected', code: 'DIAMETER_RANGE' }),
    ]);
    expect(runner.receive({ ...cutJob(2), work: { kind: 'bend', bvbs: ['x'], pieces: 3, mandrel: null } })).toEqual([
      expect.objectContaining({ status: 'rejected', code: 'TECHNIQUE' }),
    ]);
    expect(runner.current).toBeNull();
  });

  it('drops a withdrawn job it has not started and says so of one it has', () => {
    const runner = new JobRunner(SHEAR, 1);
    runner.receive(cutJob(1));
    runner.receive(cutJob(2, OTHER));
    runner.advance(0);
    const withdraw = (taskId: string, seq: number) =>
      runner.receive({ type: 'withdrawal', taskId, seq, reason: 'cancelled', issuedAt: '2026-12-01T01:00:00Z' });
    expect(withdraw(OTHER, 2)).toEqual([{ status: 'withdrawn', taskId: OTHER, seq: 2 }]);
    expect(withdraw(TASK, 1)).toEqual([{ status: 'started', taskId: TASK, seq: 1 }]);
    expect(runner.memory.queue.map((held) => held.job.seq)).toEqual([1]);
  });

  it.each(['failed', 'completed'] as const)(
    'stops a started job withdrawn because its task %s, and runs the next',
    (reason) => {
      const runner = new JobRunner(SHEAR, 1);
      runner.receive(cutJob(1));
      runner.receive(cutJob(2, OTHER));
      runner.advance(0);
      const answers = runner.receive({
        type: 'withdrawal',
        taskId: TASK,
        seq: 1,
        reason,
        issuedAt: '2026-12-01T01:00:00Z',
      });
      expect(answers).toEqual([{ status: 'withdrawn', taskId: TASK, seq: 1 }]);
      expect(runner.advance(1)).toEqual([{ status: 'started', taskId: OTHER, seq: 2 }]);
      // A redelivery of the withdrawn job is not run again.
      expect(runner.receive(cutJob(1))).toEqual([]);
    },
  );

  it('scraps its share of the pieces it processes: cumulative in the job’s reports, apart in its counters', () => {
    // 15 pieces a job (3 a bar × 5 bars); one in ten scrapped.
    const runner = new JobRunner(SHEAR, 100, emptyJobMemory(), 0.1);
    const duration = jobWorkMs(cutJob(1), SHEAR) as number;
    runner.receive(cutJob(1));
    runner.advance(0);
    // 4 bars of 5 through: 12 pieces, 1 scrapped.
    expect(runner.advance((duration / 100) * 0.8 + 1)).toEqual([
      { status: 'pieces', taskId: TASK, seq: 1, good: 4, scrap: 1 },
    ]);
    const end = runner.advance(duration / 100 + 1);
    expect(end).toEqual([{ status: 'completed', taskId: TASK, seq: 1, good: 5, scrap: 1 }]);
    expect(runner.memory.counters).toEqual({ pieces: 15, good: 14, scrap: 1 });
    // A job of 30 pieces scraps 3 in all.
    runner.receive({ ...cutJob(2, OTHER), work: { ...cutJob(2).work, repetitions: 10 } as MachineJob['work'] });
    const second = runner.advance(10 * duration);
    expect(second.at(-1)).toEqual({ status: 'completed', taskId: OTHER, seq: 2, good: 10, scrap: 3 });
    expect(runner.memory.counters).toEqual({ pieces: 45, good: 41, scrap: 4 });
  });

  it('pauses the running job on a fault and runs on when it clears', () => {
    const runner = new JobRunner(SHEAR, 100);
    runner.receive(cutJob(1));
    runner.advance(0);
    expect(runner.fault(1000)).toEqual([{ status: 'paused', taskId: TASK, seq: 1 }]);
    expect(runner.state).toBe('fault');
    expect(runner.advance(500)).toEqual([]);
    expect(runner.advance(1001)).toEqual([{ status: 'started', taskId: TASK, seq: 1 }]);
    expect(runner.current!.workedMs).toBe(100);
  });

  it('resumes from its memory after a restart: the running job and its pieces, nothing done twice', () => {
    const memory = emptyJobMemory();
    const first = new JobRunner(SHEAR, 100, memory);
    first.receive(cutJob(1));
    first.advance(0);
    first.advance((jobWorkMs(cutJob(1), SHEAR) as number) / 100 / 2 + 1);
    const again = new JobRunner(SHEAR, 100, JSON.parse(JSON.stringify(memory)));
    expect(again.resumeAnswers(5000)).toEqual([
      { status: 'started', taskId: TASK, seq: 1 },
      { status: 'pieces', taskId: TASK, seq: 1, good: 2, scrap: 0 },
    ]);
    expect(again.receive(cutJob(1))).toEqual([]);
    const end = again.advance(5000 + 1_000_000);
    expect(end.at(-1)).toEqual({ status: 'completed', taskId: TASK, seq: 1, good: 5, scrap: 0 });
    expect(again.memory.counters.pieces).toBe(15);
  });
});
