import { seededRandom, type Random } from '../core/seeded-random.ts';

/**
 * Loading a delivery day's bundles onto trucks. The model: a truck's bed is `bedLength` long
 * and divided by its stakes into `bays`, rows running the bed's length; a bundle lies in one bay, and the
 * bundles of a bay lie end to end, so a bay holds at most `bedLength` mm of bundles. The truck carries at
 * most `maxPayload` kg. A bundle longer than the bed, or heavier than the payload, fits no truck.
 */
export type TruckLimits = {
  /** mm. */
  bedLength: number;
  /** kg. */
  maxPayload: number;
  bays: number;
};

export type LoadBundle = {
  id: string;
  /** mm. */
  length: number;
  /** kg. */
  weight: number;
  /** The drop's place on the route: 1 is unloaded first, so it is loaded last. */
  drop: number;
};

/** One truck's load: its bays, each listing bundles in loading order (the first is loaded first, at the cab). */
export type TruckLoad<B extends LoadBundle = LoadBundle> = {
  bays: B[][];
  weight: number;
};

export type LoadRefusal = 'bedLength' | 'payload';

export type LoadPlan<B extends LoadBundle = LoadBundle> = {
  trucks: TruckLoad<B>[];
  /** Bundles no truck can carry, and why. */
  refused: { bundle: B; reason: LoadRefusal }[];
  /** No plan of the carriable bundles uses fewer trucks (`loadLowerBound`). */
  lowerBound: number;
};

export type PlanLoadsOptions = {
  seed?: number;
  /** Orderings tried by the first-fit seeds (the first few are the deterministic sorts). */
  restarts?: number;
  /** Bundle insertions the search to empty a truck may make before it gives up. */
  searchSteps?: number;
};

/** Why a bundle cannot go on a truck at all, or null. */
export function loadRefusal(bundle: LoadBundle, truck: TruckLimits): LoadRefusal | null {
  if (bundle.length > truck.bedLength) return 'bedLength';
  if (bundle.weight > truck.maxPayload) return 'payload';
  return null;
}

/**
 * No plan uses fewer trucks than the most of: the weight bound ⌈Σ kg / payload⌉; the length bound
 * ⌈Σ mm / (bays × bed length)⌉; and, as two bundles longer than half the bed never share a bay, those
 * bundles over the bays of a truck.
 */
export function loadLowerBound(bundles: readonly LoadBundle[], truck: TruckLimits): number {
  if (bundles.length === 0) return 0;
  let weight = 0;
  let length = 0;
  let long = 0;
  for (const bundle of bundles) {
    weight += bundle.weight;
    length += bundle.length;
    if (2 * bundle.length > truck.bedLength) long += 1;
  }
  return Math.max(
    1,
    Math.ceil(weight / truck.maxPayload - 1e-9),
    Math.ceil(length / (truck.bays * truck.bedLength) - 1e-9),
    Math.ceil(long / truck.bays),
  );
}

/**
 * Lays bundles into a truck's bays, each in the fullest bay it fits (best fit), longest first or else
 * in the order given (the order the plan's first fit found room in), or null when the weight or the
 * bays do not hold them. Never answers a layout over a limit; it may answer null where a cleverer
 * layout existed, which only costs the plan a truck.
 */
export function layTruck<B extends LoadBundle>(bundles: readonly B[], truck: TruckLimits): TruckLoad<B> | null {
  let weight = 0;
  for (const bundle of bundles) weight += bundle.weight;
  if (weight > truck.maxPayload + 1e-9) return null;
  const bays =
    bestFit(
      [...bundles].sort((a, b) => b.length - a.length),
      truck,
    ) ?? bestFit(bundles, truck);
  if (!bays) return null;
  // The last drop goes on first (towards the cab), so each stop unloads from the tail.
  for (const bay of bays) bay.sort((a, b) => b.drop - a.drop);
  return { bays, weight };
}

function bestFit<B extends LoadBundle>(bundles: readonly B[], truck: TruckLimits): B[][] | null {
  const bays: B[][] = Array.from({ length: truck.bays }, () => []);
  const used = new Array<number>(truck.bays).fill(0);
  for (const bundle of bundles) {
    const bay = bestBay(used, bundle.length, truck.bedLength);
    if (bay < 0) return null;
    bays[bay]!.push(bundle);
    used[bay]! += bundle.length;
  }
  return bays;
}

/** The fullest bay with room for `length`, or -1. */
function bestBay(used: readonly number[], length: number, bedLength: number): number {
  let best = -1;
  for (let bay = 0; bay < used.length; bay++) {
    if (used[bay]! + length <= bedLength && (best < 0 || used[bay]! > used[best]!)) best = bay;
  }
  return best;
}

/** The order bundles are loaded in: the last drop first, and within a drop bay by bay. */
export function loadingOrder<B extends LoadBundle>(load: TruckLoad<B>): B[] {
  const order = load.bays.flatMap((bay, bayIndex) => bay.map((bundle, position) => ({ bundle, bayIndex, position })));
  order.sort((a, b) => b.bundle.drop - a.bundle.drop || a.position - b.position || a.bayIndex - b.bayIndex);
  return order.map((entry) => entry.bundle);
}

/** A truck being filled by the first-fit seeds: bay lengths kept incrementally. */
type OpenTruck<B> = { bundles: B[]; weight: number; used: number[] };

/**
 * Plans a day's loads: as few trucks as possible, each within its payload and its bays' length. Seeds
 * are first-fit decreasing over several orders (by the bundle's larger share of a truck's weight or
 * floor, by weight, by length, then shuffled ones); the best seed is then improved by emptying its
 * lightest truck into the others, moving a smaller bundle out of a truck to make room when needed
 * (the classic bin-packing local search), for as long as the truck count is above the lower bound and
 * the step budget lasts. Deterministic for a seed.
 */
export function planLoads<B extends LoadBundle>(
  bundles: readonly B[],
  truck: TruckLimits,
  options: PlanLoadsOptions = {},
): LoadPlan<B> {
  const refused: LoadPlan<B>['refused'] = [];
  const carriable: B[] = [];
  for (const bundle of bundles) {
    const reason = loadRefusal(bundle, truck);
    if (reason) refused.push({ bundle, reason });
    else carriable.push(bundle);
  }
  const lowerBound = loadLowerBound(carriable, truck);
  const random = seededRandom(options.seed ?? 1);
  const size = (b: B) => Math.max(b.weight / truck.maxPayload, b.length / (truck.bays * truck.bedLength));
  const orders: ((a: B, b: B) => number)[] = [
    (a, b) => size(b) - size(a),
    (a, b) => b.weight - a.weight,
    (a, b) => b.length - a.length,
    (a, b) =>
      b.weight / truck.maxPayload +
      b.length / truck.bedLength -
      a.weight / truck.maxPayload -
      a.length / truck.bedLength,
  ];
  let best: B[][] | null = null;
  const restarts = options.restarts ?? 24;
  for (let attempt = 0; attempt < restarts && best?.length !== lowerBound; attempt++) {
    const sorted =
      attempt < orders.length ? [...carriable].sort(orders[attempt]!) : noisyOrder(carriable, size, random);
    const packed = firstFit(sorted, truck);
    if (!best || packed.length < best.length) best = packed;
  }
  let groups = best ?? [];
  if (groups.length > lowerBound)
    groups = emptyTrucks(groups, truck, random, options.searchSteps ?? 20_000, lowerBound);
  return { trucks: groups.map((group) => layTruck(group, truck)!), refused, lowerBound };
}

/** Sizes with ±25 % noise, largest first: near-decreasing orders for the restarts. */
function noisyOrder<B>(bundles: readonly B[], size: (b: B) => number, random: Random): B[] {
  return bundles
    .map((bundle) => ({ bundle, key: size(bundle) * (0.75 + random() / 2) }))
    .sort((a, b) => b.key - a.key)
    .map((entry) => entry.bundle);
}

function firstFit<B extends LoadBundle>(sorted: readonly B[], truck: TruckLimits): B[][] {
  const open: OpenTruck<B>[] = [];
  for (const bundle of sorted) {
    let placed = false;
    for (const candidate of open) {
      if (candidate.weight + bundle.weight > truck.maxPayload) continue;
      const bay = bestBay(candidate.used, bundle.length, truck.bedLength);
      if (bay < 0) continue;
      candidate.bundles.push(bundle);
      candidate.weight += bundle.weight;
      candidate.used[bay]! += bundle.length;
      placed = true;
      break;
    }
    if (!placed) {
      const used = new Array<number>(truck.bays).fill(0);
      used[0] = bundle.length;
      open.push({ bundles: [bundle], weight: bundle.weight, used });
    }
  }
  return open.map((candidate) => candidate.bundles);
}

/**
 * Removes trucks one at a time: a truck's bundles go into a pool, and each pooled bundle (largest first)
 * goes into another truck where it fits; failing that, it takes the place of a smaller bundle of a
 * truck (chosen at random among those that make it fit), which joins the pool. When the pool empties,
 * the plan has one truck fewer; when no truck takes a pooled bundle, the next least-filled truck is
 * tried; when none empties or the steps run out, the last complete plan stands.
 */
function emptyTrucks<B extends LoadBundle>(
  groups: B[][],
  truck: TruckLimits,
  random: Random,
  steps: number,
  lowerBound: number,
): B[][] {
  const fill = (group: readonly B[]) =>
    group.reduce((sum, b) => sum + Math.max(b.weight / truck.maxPayload, b.length / (truck.bays * truck.bedLength)), 0);
  const budget = { steps };
  let plan = groups;
  while (plan.length > lowerBound && budget.steps > 0) {
    const candidates = plan.map((group, index) => ({ index, fill: fill(group) })).sort((a, b) => a.fill - b.fill);
    let emptied: B[][] | null = null;
    for (const { index } of candidates) {
      if (budget.steps <= 0) break;
      emptied = emptyTruck(plan, index, truck, random, budget);
      if (emptied) break;
    }
    if (!emptied) break;
    plan = emptied;
  }
  return plan;
}

/** The plan without truck `emptied`, its bundles placed in the others, or null. */
function emptyTruck<B extends LoadBundle>(
  plan: readonly B[][],
  emptied: number,
  truck: TruckLimits,
  random: Random,
  budget: { steps: number },
): B[][] | null {
  // A bundle's weight and length as shares of a truck and of a bay: what the pool is ordered by, and a
  // swap only lets a smaller bundle out, so the pool's bundles shrink and the search cannot cycle.
  const key = (b: B) => b.weight / truck.maxPayload + b.length / truck.bedLength;
  const trial = plan.filter((_, index) => index !== emptied).map((group) => [...group]);
  const pool = [...plan[emptied]!];
  while (pool.length > 0) {
    if (budget.steps-- <= 0) return null;
    pool.sort((a, b) => key(b) - key(a));
    const bundle = pool.shift()!;
    const direct = trial.findIndex((group) => layTruck([...group, bundle], truck) !== null);
    if (direct >= 0) {
      trial[direct]!.push(bundle);
      continue;
    }
    const swaps: { group: number; out: number }[] = [];
    trial.forEach((group, g) =>
      group.forEach((other, o) => {
        if (key(other) >= key(bundle)) return;
        const rest = group.filter((_, index) => index !== o);
        if (layTruck([...rest, bundle], truck)) swaps.push({ group: g, out: o });
      }),
    );
    // Nothing takes it, even for a smaller bundle: this truck stays.
    if (swaps.length === 0) return null;
    const swap = swaps[Math.floor(random() * swaps.length)]!;
    const [out] = trial[swap.group]!.splice(swap.out, 1, bundle);
    pool.push(out!);
  }
  return trial;
}

export type LoadMoveRefusal = 'payload' | 'bays' | 'bedLength';

/**
 * The planner's move of one bundle to another truck (or a new one, `to` = the truck count): the trucks
 * laid out again, or why the target truck cannot take it.
 */
export function moveBundle<B extends LoadBundle>(
  trucks: readonly TruckLoad<B>[],
  bundleId: string,
  to: number,
  truck: TruckLimits,
): { trucks: TruckLoad<B>[] } | { refused: LoadMoveRefusal } {
  const groups = trucks.map((load) => load.bays.flat());
  const from = groups.findIndex((group) => group.some((bundle) => bundle.id === bundleId));
  if (from < 0 || to < 0 || to > groups.length) throw new RangeError('no such bundle or truck');
  const bundle = groups[from]!.find((b) => b.id === bundleId)!;
  if (from === to) return { trucks: [...trucks] };
  if (bundle.length > truck.bedLength) return { refused: 'bedLength' };
  const target = [...(groups[to] ?? []), bundle];
  if (target.reduce((sum, b) => sum + b.weight, 0) > truck.maxPayload + 1e-9) return { refused: 'payload' };
  const laid = layTruck(target, truck);
  if (!laid) return { refused: 'bays' };
  // The source keeps its layout less the bundle (laying a subset again might not fit where it did).
  const source = trucks[from]!;
  const lightened = {
    bays: source.bays.map((bay) => bay.filter((b) => b.id !== bundleId)),
    weight: source.weight - bundle.weight,
  };
  const next = [...trucks];
  next[from] = lightened;
  if (to === trucks.length) next.push(laid);
  else next[to] = laid;
  return { trucks: next.filter((load) => load.bays.some((bay) => bay.length > 0)) };
}
