import type { PlanGroup, PlanPattern, ScheduleJobKind } from '@armature/domain';

/** A cutting plan as a daily schedule takes it: its approved run's groups. */
export type PlanToSchedule = { id: string; code: string; groups: readonly PlanGroup[] };

/** What the jobs need of an order line: its order, its mark and whether a bender must shape it. */
export type LineFacts = { orderId: string; mark: string; length: number; bent: boolean };

/** A job of a daily schedule as `daily_plan_job` stores it (without its schedule and scope). */
export type JobRow = {
  key: string;
  kind: ScheduleJobKind;
  label: string;
  cutPlanId: string;
  groupIndex: number;
  patternIndex: number;
  orderLineId: string | null;
  techniqueId: string;
  rebarId: string;
  diameter: number;
  grade: string;
  repetitions: number;
  pieces: number;
  weightGrams: number;
  afterKey: string | null;
  orderIds: string[];
  orderLineIds: string[];
};

export type JobSources = {
  plans: readonly PlanToSchedule[];
  lines: ReadonlyMap<string, LineFacts>;
  /** kg per metre of each spec. */
  unitWeights: ReadonlyMap<string, number>;
  techniques: { cut: string; bend: string };
};

/** Pieces per bar of each order line a pattern cuts (a line may come in several cuts of one bar). */
function piecesPerBar(pattern: PlanPattern): Map<string, number> {
  const perLine = new Map<string, number>();
  for (const cut of pattern.cuts) perLine.set(cut.orderLineId, (perLine.get(cut.orderLineId) ?? 0) + cut.count);
  return perLine;
}

/** How many marks a cut's label names before it only counts the rest. */
const MARKS_NAMED = 4;

/** The marks of the lines a cut serves, for its label: `A1,B2`, or `A1,B2,C3,D4+3` past four. */
function marksOf(lineIds: readonly string[], lines: ReadonlyMap<string, LineFacts>): string {
  const marks = [...new Set(lineIds.map((id) => lines.get(id)!.mark).filter(Boolean))];
  const named = marks.slice(0, MARKS_NAMED).join(',');
  return marks.length > MARKS_NAMED ? `${named}+${marks.length - MARKS_NAMED}` : named;
}

const grams = (unitWeight: number, lengthMm: number, count: number) =>
  Math.max(1, Math.round(unitWeight * lengthMm * count));

/**
 * The work of approved cutting plans: a `cut` job per pattern of each plan's run (its bars, weighed
 * as whole stock bars: a shear works the bar), and for each bent order line a pattern cuts a `bend`
 * job of those pieces after that cut. Keys name the plan's code, group and pattern (1-based, as the
 * plan's page numbers them), so a job reads the same on the board, in a task and in a log; labels add
 * the marks served, which is what the shop floor knows a piece by.
 */
export function buildJobs({ plans, lines, unitWeights, techniques }: JobSources): JobRow[] {
  const jobs: JobRow[] = [];
  for (const plan of plans)
    plan.groups.forEach((group, groupIndex) => {
      const unitWeight = unitWeights.get(group.rebarId) ?? 0;
      group.patterns.forEach((pattern, patternIndex) => {
        const perLine = piecesPerBar(pattern);
        if (perLine.size === 0) return;
        const lineIds = [...perLine.keys()];
        const key = `${plan.code}:${groupIndex + 1}.${patternIndex + 1}`;
        const common = {
          cutPlanId: plan.id,
          groupIndex,
          patternIndex,
          rebarId: group.rebarId,
          diameter: group.diameter,
          grade: group.grade,
        };
        jobs.push({
          ...common,
          key,
          kind: 'cut',
          label: [key, marksOf(lineIds, lines), `×${pattern.count}`].filter(Boolean).join(' '),
          orderLineId: null,
          techniqueId: techniques.cut,
          repetitions: pattern.count,
          pieces: [...perLine.values()].reduce((sum, count) => sum + count, 0) * pattern.count,
          weightGrams: grams(unitWeight, pattern.stockLength, pattern.count),
          afterKey: null,
          orderIds: [...new Set(lineIds.map((id) => lines.get(id)!.orderId))],
          orderLineIds: lineIds,
        });
        for (const [lineId, perBar] of perLine) {
          const line = lines.get(lineId)!;
          if (!line.bent) continue;
          const pieces = perBar * pattern.count;
          jobs.push({
            ...common,
            key: `${key}>${lineId}`,
            kind: 'bend',
            label: `${key} ${line.mark} ×${pieces}`,
            orderLineId: lineId,
            techniqueId: techniques.bend,
            repetitions: pieces,
            pieces,
            weightGrams: grams(unitWeight, line.length, pieces),
            afterKey: key,
            orderIds: [line.orderId],
            orderLineIds: [lineId],
          });
        }
      });
    });
  return jobs;
}
