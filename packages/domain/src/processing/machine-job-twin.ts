import { TWIN_QUEUE_SHOWN, type TwinJob, type TwinJobWork, type TwinQueue } from '../equipment/index.ts';
import { fieldValue, parseBvbsLine } from '../planning/index.ts';
import type { MachineJob } from './machine-job.ts';
import type { MachineJobState } from './machine-job-apply.ts';

/**
 * A machine's jobs as its digital-twin card shows them: the stored job (its payload as sent, the machine's
 * last word and counts) turned into what a shift lead reads at a glance — the task, what it makes, how far.
 */
export type CardJobRow = {
  taskId: string;
  seq: number;
  state: MachineJobState;
  good: number;
  scrap: number;
  stateAt: string | null;
  /** The job as sent (stored without its sequence, which is the row's own). */
  payload: Omit<MachineJob, 'seq'>;
  rejection: { code: string; text: string } | null;
};

/** A cut job's bar and cuts as they are; a bend job's BVBS records read back into mark, length and legs. */
export function twinJobWork(work: MachineJob['work']): TwinJobWork {
  if (work.kind === 'cut')
    return {
      kind: 'cut',
      stockLength: work.stock.length,
      cuts: work.cuts.map((cut) => ({ length: cut.length, count: cut.count, mark: cut.mark })),
      remainder: work.remainder,
    };
  return {
    kind: 'bend',
    shapes: work.bvbs.map((text) => {
      const record = parseBvbsLine(text, 1);
      if (record.kind !== 'record') return { mark: '', length: null, legs: [] };
      const length = Number(fieldValue(record.header, 'l') ?? '');
      return {
        mark: fieldValue(record.header, 'p') ?? '',
        length: Number.isFinite(length) && length > 0 ? length : record.developedLength,
        legs: record.legs.map((leg) => ({ length: leg.length, angle: leg.angle })),
      };
    }),
    mandrel: work.mandrel,
  };
}

/** The repetitions a job asks for: bars to cut, or pieces to bend. */
const totalOf = (work: MachineJob['work']) => (work.kind === 'cut' ? work.repetitions : work.pieces);

export function twinJobOf(row: CardJobRow): TwinJob {
  const total = totalOf(row.payload.work);
  return {
    taskId: row.taskId,
    seq: row.seq,
    code: row.payload.code,
    // Only the states a card shows reach here: open jobs and a rejected one (the reader filters the rest).
    state: row.state as TwinJob['state'],
    grade: row.payload.grade,
    diameter: row.payload.diameter,
    work: twinJobWork(row.payload.work),
    done: Math.min(total, row.good),
    total,
    scrap: row.scrap,
    stateAt: row.stateAt,
    rejection: row.state === 'rejected' ? row.rejection : null,
  };
}

const running = (state: MachineJobState) => state === 'started' || state === 'paused';

/**
 * One machine's card jobs from its open jobs (sent, accepted, started or paused: at least the first
 * TWIN_QUEUE_SHOWN + 1 of them in the order below, `openCount` in all) and the job it last rejected, if
 * its task still waits. The current job is the one the machine runs (started or paused), else the next
 * it will take (lowest sequence: a machine runs its jobs in sequence order), else the rejected one, so a
 * machine that refused its work says why rather than looking idle.
 */
export function cardJobs(
  open: readonly CardJobRow[],
  openCount: number,
  rejected: CardJobRow | null,
): { job: TwinJob | null; queue: TwinQueue } {
  const ordered = [...open].sort((a, b) => Number(running(b.state)) - Number(running(a.state)) || a.seq - b.seq);
  const [current, ...next] = ordered;
  return {
    job: current ? twinJobOf(current) : rejected ? twinJobOf(rejected) : null,
    queue: {
      items: next.slice(0, TWIN_QUEUE_SHOWN).map(twinJobOf),
      count: Math.max(0, openCount - (current ? 1 : 0)),
    },
  };
}
