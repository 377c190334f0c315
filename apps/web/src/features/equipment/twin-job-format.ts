import type { Locale, TwinJob, TwinJobState, TwinQueue } from '@armature/domain';
import { formatNumber } from '../../lib/number-format.ts';

type CutWork = Extract<TwinJob['work'], { kind: 'cut' }>;

/** The spec a job works: grade and bar diameter, as the plant writes it (`HRB400E Φ12`). */
export function jobSpec(job: Pick<TwinJob, 'grade' | 'diameter'>): string {
  return `${job.grade} Φ${job.diameter}`;
}

/** A bar's cuts in the order the shear makes them: `3,000 × 3 A-12 + 2,500 B-3` (lengths in mm). */
export function formatCuts(work: CutWork, locale: Locale): string {
  return work.cuts
    .map((cut) => {
      const length = formatNumber(cut.length, locale, 0);
      const counted = cut.count === 1 ? length : `${length} × ${formatNumber(cut.count, locale, 0)}`;
      return cut.mark ? `${counted} ${cut.mark}` : counted;
    })
    .join(' + ');
}

/** How far the machine says it got, 0–100 (a job of nothing to do is at 0). */
export function jobPercent(job: Pick<TwinJob, 'done' | 'total'>): number {
  return job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
}

/** The colour of a job's state tag: running green, paused amber, refused red, waiting neutral. */
export function jobStateColour(state: TwinJobState): string | undefined {
  switch (state) {
    case 'started':
      return 'green';
    case 'paused':
      return 'gold';
    case 'rejected':
      return 'red';
    case 'accepted':
      return 'blue';
    case 'sent':
      return undefined;
  }
}

/** The queue as a card lists it: the first jobs' codes and how many more wait behind them. */
export function queueSummary(queue: TwinQueue | undefined): { codes: string[]; more: number; count: number } {
  const items = queue?.items ?? [];
  const count = queue?.count ?? 0;
  return { codes: items.map((job) => job.code), more: Math.max(0, count - items.length), count };
}
