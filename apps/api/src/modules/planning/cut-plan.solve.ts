import {
  solveCuttingStock,
  solveWithFfd,
  startCuttingJob,
  type CuttingInput,
  type CuttingPlan,
  type SolveProgress,
  type StockInput,
} from '@armature/cutting';
import {
  assignmentProblems,
  freeBarsByLength,
  useStockBeforeBuying,
  type FreeLot,
  patternsByOrderLine,
  planTotals,
  specUnitWeight,
  takeOldestLots,
  thresholdsInPlan,
  type SpecThresholds,
  type CutPlanSources,
  type JobProgress,
  type PlanGroup,
  type PlanPattern,
  type PlanTotals,
  type TotalsGroup,
} from '@armature/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.ts';
import { productSettings, rebars } from '../master-data/master-data.table.ts';
import { availableStock, type AvailableStock } from '../stock/index.ts';
import type { CutPlanRunResult } from './cut-plan.table.ts';

/**
 * From a plan's lines and the stock to the optimiser's input per spec group, and from its plans back
 * to the contract's groups and totals. Pure but for reading the stock and specs: the background job
 * and the demo seed both go through `solvePlan`.
 */

/** Purchased bars cost their weight and this much more: at equal steel, bars on hand are used first. */
export const PURCHASE_PREMIUM = 0.05;

/** A demanded line of a plan: the pieces the plan takes of it. */
export type PlanDemandLine = {
  orderLineId: string;
  rebarId: string;
  length: number;
  quantity: number;
  mark: string;
};

export type PlanGeometry = { kerf: number; endTrim: number; minTailLength: number; wasteLength: number };

/** A spec group's optimiser input, with what the mapping back needs. */
export type GroupInput = {
  rebarId: string;
  /** The spec's minimum reusable offcut in this plan (shorter is waste): the plan's copy, else the product's. */
  minTailLength: number;
  grade: string;
  diameter: number;
  unitWeight: number;
  lines: PlanDemandLine[];
  /**
   * By optimiser stock id. Offcuts of one length are one source (`tail:{length}`) with their lots,
   * oldest first: a pattern's bars are taken from the oldest lots (`takeOldestLots`).
   */
  stock: Map<
    string,
    {
      source: PlanPattern['source'];
      stockId: string | null;
      heatNo: string | null;
      lots?: { stockId: string; available: number; madeAt: string }[];
    }
  >;
  /** Raw bars free for the plan, oldest first: purchases they could give are moved onto them. */
  freeLots: FreeLot[];
  input: CuttingInput | null;
};

/** Cost unit of the optimiser: grams of steel (integers keep its bound rounding exact); reported in kg. */
const grams = (lengthMm: number, unitWeight: number) => Math.round(lengthMm * unitWeight);

/**
 * The optimiser input of every spec group of a plan: raw bars on hand by length and heat number, less
 * what other documents reserved (`sources.raw`; also kept as the group's free lots, which purchases
 * are moved onto after the solve); offcuts from tail stock, limited, at cost 0
 * (`sources.tails`); purchasable lengths (the spec's, else the product's), unlimited, priced by
 * weight (`sources.purchase`). A group without any stock gets no input: its pieces are unplaced.
 */
export async function buildGroupInputs(
  db: Db | Tx,
  plan: { id: string; productId: string; sources: CutPlanSources; thresholds?: SpecThresholds | null } & PlanGeometry,
  lines: readonly PlanDemandLine[],
  timeLimitS: number,
): Promise<GroupInput[]> {
  const rebarIds = [...new Set(lines.map((line) => line.rebarId))];
  if (!rebarIds.length) return [];
  const specs = await db
    .select({
      id: rebars.id,
      grade: rebars.grade,
      diameter: rebars.diameter,
      unitWeight: rebars.unitWeight,
      stockLengths: rebars.stockLengths,
    })
    .from(rebars)
    .where(and(eq(rebars.productId, plan.productId), inArray(rebars.id, rebarIds)))
    .orderBy(asc(rebars.diameter), asc(rebars.grade));
  const [settings] = await db
    .select({ stockLengths: productSettings.stockLengths })
    .from(productSettings)
    .where(eq(productSettings.productId, plan.productId));
  const kinds = [...(plan.sources.raw ? (['raw'] as const) : []), ...(plan.sources.tails ? (['tail'] as const) : [])];
  const onHand = await availableStock(db, plan.productId, kinds, rebarIds, plan.id);
  return specs.map((spec) => {
    const unitWeight = specUnitWeight(spec);
    const { minTailLength } = thresholdsInPlan(plan, spec.id);
    const groupLines = lines.filter((line) => line.rebarId === spec.id);
    const stock: GroupInput['stock'] = new Map();
    const entries: StockInput[] = [];
    const freeLots: FreeLot[] = [];
    const add = (id: string, entry: StockInput, meta: GroupInput['stock'] extends Map<string, infer V> ? V : never) => {
      stock.set(id, meta);
      entries.push({ id, ...entry });
    };
    for (const row of onHand.filter((each: AvailableStock) => each.rebarId === spec.id && each.available > 0)) {
      if (row.kind === 'raw') {
        freeLots.push({
          stockId: row.stockId,
          heatNo: row.heatNo || null,
          length: row.length,
          available: row.available,
        });
        add(
          `raw:${row.stockId}`,
          { length: row.length, cost: grams(row.length, unitWeight), available: row.available, kind: 'bar' },
          { source: 'stock', stockId: row.stockId, heatNo: row.heatNo || null },
        );
      } else {
        const id = `tail:${row.length}`;
        const same = stock.get(id);
        const lot = { stockId: row.stockId, available: row.available, madeAt: row.madeAt ?? '' };
        if (same?.lots) {
          same.lots.push(lot);
          const entry = entries.find((each) => each.id === id)!;
          entry.available = (entry.available ?? 0) + row.available;
        } else
          add(
            id,
            { length: row.length, cost: 0, available: row.available, kind: 'tail' },
            { source: 'offcut', stockId: null, heatNo: null, lots: [lot] },
          );
      }
    }
    // Older lots first: at equal steel (same length) the plan takes them before younger ones.
    for (const meta of stock.values()) meta.lots?.sort((a, b) => a.madeAt.localeCompare(b.madeAt));
    if (plan.sources.purchase) {
      const lengths = spec.stockLengths?.length ? spec.stockLengths : (settings?.stockLengths ?? []);
      for (const length of [...new Set(lengths)])
        add(
          `buy:${length}`,
          { length, cost: Math.round(grams(length, unitWeight) * (1 + PURCHASE_PREMIUM)), kind: 'bar' },
          { source: 'purchase', stockId: null, heatNo: null },
        );
    }
    const input: CuttingInput | null =
      entries.length && groupLines.length
        ? {
            stock: entries,
            demand: groupLines.map((line) => ({ ref: line.orderLineId, length: line.length, quantity: line.quantity })),
            options: {
              objective: 'min_cost',
              kerf: plan.kerf,
              endTrim: plan.endTrim,
              wasteLength: minTailLength,
              kgPerMeter: unitWeight,
              timeLimitMs: timeLimitS * 1000,
            },
          }
        : null;
    return {
      rebarId: spec.id,
      minTailLength,
      grade: spec.grade,
      diameter: spec.diameter,
      unitWeight,
      lines: groupLines,
      stock,
      freeLots,
      input,
    };
  });
}

/** A group's solved plan in the contract's shape, with what the totals need. */
export type SolvedGroup = { group: PlanGroup; totals: TotalsGroup };

/** Maps the optimiser's plan of a group onto the contract: patterns per order line, sources, unplaced pieces. */
export function mapGroup(group: GroupInput, plan: CuttingPlan | null, ffd: CuttingPlan | null): SolvedGroup {
  const lotsLeft = new Map<string, { stockId: string; available: number }[]>();
  const solved: PlanPattern[] = (plan?.patterns ?? []).flatMap((pattern) => {
    const meta = group.stock.get(pattern.stockId);
    if (!meta) throw new Error(`the optimiser used an unknown stock ${pattern.stockId}`);
    const mapped = patternsByOrderLine({
      stockLength: pattern.stockLength,
      source: meta.source,
      stockId: meta.stockId,
      heatNo: meta.heatNo,
      count: pattern.count,
      cuts: pattern.cuts,
      offcut: pattern.offcut,
      offcutKind: pattern.offcutKind,
    });
    if (!meta.lots) return mapped;
    const lots = lotsLeft.get(pattern.stockId) ?? meta.lots.map((lot) => ({ ...lot }));
    lotsLeft.set(pattern.stockId, lots);
    return mapped.flatMap((each) => {
      const taken = takeOldestLots(lots, each.count);
      if (!taken) throw new Error(`the optimiser used more offcuts of ${pattern.stockLength} mm than there are`);
      for (const { lot, bars } of taken) lot.available -= bars;
      return taken.map(({ lot, bars }) => ({ ...each, stockId: lot.stockId, count: bars }));
    });
  });
  const patterns = useStockBeforeBuying(solved, group.freeLots);
  const unplaced: PlanGroup['unplaced'] = plan
    ? plan.unplaced.map((piece) => ({
        orderLineId: piece.ref,
        length: piece.length,
        count: piece.count,
        reason: piece.reason,
      }))
    : group.lines.map((line) => ({
        orderLineId: line.orderLineId,
        length: line.length,
        count: line.quantity,
        reason: 'not_enough_stock' as const,
      }));
  const kg = (value: number) => Math.round(value) / 1000;
  const lowerBound = plan ? kg(plan.lowerBound) : 0;
  const objective = plan ? kg(plan.objective) : 0;
  const optimal = plan ? plan.provenOptimal : false;
  return {
    group: {
      rebarId: group.rebarId,
      grade: group.grade,
      diameter: group.diameter,
      lowerBound,
      gap: plan ? plan.gap : 0,
      optimal,
      patterns,
      unplaced,
      freeStock: freeBarsByLength(group.freeLots),
    },
    totals: {
      grade: group.grade,
      diameter: group.diameter,
      unitWeight: group.unitWeight,
      patterns,
      objective,
      lowerBound,
      optimal,
      cost: objective,
      ffdMaterialWeight: ffd?.material.weight ?? 0,
    },
  };
}

/** Where a solve is: the group (1-based) of how many, and that group's own gap and solver time. */
export type GroupPosition = { group: number; groups: number; groupGap: number | null; groupElapsedMs: number };

/** Live figures of a solve across groups: the groups done so far plus the running one. */
export type SolveReport = (progress: JobProgress, position: GroupPosition) => void;

export type GroupSolver = (
  input: CuttingInput,
  hooks: { onProgress: (progress: SolveProgress) => void; signal?: AbortSignal },
) => Promise<CuttingPlan>;

/** In a worker thread: the API's event loop (an inline worker serves requests) never blocks. */
export const solveInWorker: GroupSolver = (input, hooks) =>
  startCuttingJob(input, { onProgress: hooks.onProgress, signal: hooks.signal }).result;

/** Starts the solver's worker thread with a trivial job, unless it runs: the next job finds it ready. */
export function warmSolver(): void {
  startCuttingJob({
    stock: [{ length: 1000 }],
    demand: [{ length: 100, quantity: 1 }],
    options: { timeLimitMs: 50 },
  }).result.catch(() => {});
}

/** In the calling thread (the demo seed, which is not a request). */
export const solveInPlace: GroupSolver = (input, hooks) =>
  solveCuttingStock(input, { onProgress: hooks.onProgress, signal: hooks.signal });

/**
 * Solves every group in turn. On abort the running group keeps its best plan so far and the groups
 * not reached get first-fit decreasing: a cancelled run still has a whole plan. Checks the result with
 * `assignmentProblems` and answers the problems instead of a result when it is unsound.
 */
export async function solvePlan(
  groups: readonly GroupInput[],
  geometry: PlanGeometry,
  options: { solver: GroupSolver; signal?: AbortSignal; report?: SolveReport },
): Promise<{ result: CutPlanRunResult; problems: string[]; last: JobProgress }> {
  const started = Date.now();
  const solved: SolvedGroup[] = [];
  const done = { bound: 0, bars: 0, cost: 0, waste: 0 };
  let last: JobProgress = {
    fraction: 0,
    lowerBound: null,
    bars: null,
    cost: null,
    wasteWeight: null,
    gap: null,
    elapsedMs: 0,
  };
  for (const [index, group] of groups.entries()) {
    let plan: CuttingPlan | null = null;
    let ffd: CuttingPlan | null = null;
    if (group.input) {
      if (options.signal?.aborted) plan = solveWithFfd(group.input);
      else {
        plan = await options.solver(group.input, {
          signal: options.signal,
          onProgress: (progress) => {
            const bound = done.bound + progress.lowerBound / 1000;
            const cost = done.cost + progress.cost / 1000;
            last = {
              fraction: (index + progress.fraction) / groups.length,
              lowerBound: round(bound, 3),
              bars: done.bars + progress.bars,
              cost: round(cost, 3),
              wasteWeight: round(done.waste + (progress.waste.weight ?? 0), 3),
              gap: bound > 0 ? round(Math.max(0, cost - bound) / bound, 6) : null,
              elapsedMs: Date.now() - started,
            };
            options.report?.(last, {
              group: index + 1,
              groups: groups.length,
              groupGap: progress.gap,
              groupElapsedMs: progress.elapsedMs,
            });
          },
        });
      }
    }
    // First-fit decreasing on the same input, for the saving: after the solve, so that the first plan
    // reaches the page as soon as the optimiser has it.
    if (group.input) ffd = plan?.source === 'ffd' ? plan : solveWithFfd(group.input);
    const mapped = mapGroup(group, plan, ffd);
    solved.push(mapped);
    done.bound += mapped.totals.lowerBound;
    done.cost += mapped.totals.cost;
    done.bars += plan?.bars ?? 0;
    done.waste += plan?.waste.weight ?? 0;
  }
  const groupsOut = solved.map((each) => each.group);
  const problems = assignmentProblems(
    groupsOut,
    groups.flatMap((group) =>
      group.lines.map((line) => ({ orderLineId: line.orderLineId, length: line.length, quantity: line.quantity })),
    ),
    groups.map((group) => ({ ...geometry, minTailLength: group.minTailLength })),
  );
  const totals: PlanTotals = planTotals(solved.map((each) => each.totals));
  last = {
    fraction: 1,
    lowerBound: totals.lowerBound,
    bars: totals.bars,
    cost: totals.cost,
    wasteWeight: totals.wasteWeight,
    gap: totals.gap,
    elapsedMs: Date.now() - started,
  };
  return { result: { groups: groupsOut, totals }, problems, last };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
