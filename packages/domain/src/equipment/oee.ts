import { overlapMs, type ShiftWindow } from './shift-calendar.ts';

/**
 * Overall equipment effectiveness of one window (a shift), as the machine detail shows it with its
 * inputs: OEE = A × P × Q where
 * - availability A = run time / planned production time (run time counted only inside the shifts);
 * - performance P = ideal cycle time × total pieces / run time = pieces / (ideal rate × run hours);
 * - quality Q = good pieces / total pieces.
 * A ratio whose denominator is zero is null (nothing planned, nothing run, nothing made), and so is OEE.
 */
export type OeeInputs = {
  plannedMs: number;
  runMs: number;
  totalPieces: number;
  goodPieces: number;
  /** Pieces per hour at the ideal cycle time; null when the machine has none configured. */
  idealRate: number | null;
};

export type Oee = OeeInputs & {
  availability: number | null;
  performance: number | null;
  quality: number | null;
  oee: number | null;
};

const HOUR_MS = 3_600_000;

export function oeeOf(inputs: OeeInputs): Oee {
  const { plannedMs, runMs, totalPieces, goodPieces, idealRate } = inputs;
  const availability = plannedMs > 0 ? Math.min(runMs, plannedMs) / plannedMs : null;
  const performance = runMs > 0 && idealRate ? totalPieces / ((idealRate * runMs) / HOUR_MS) : null;
  const quality = totalPieces > 0 ? goodPieces / totalPieces : null;
  const oee =
    availability !== null && performance !== null && quality !== null ? availability * performance * quality : null;
  return { ...inputs, availability, performance, quality, oee };
}

/** A state held over [from, to) (an open interval is closed at "now" by the caller). */
export type StateSpan = { state: string; from: number; to: number };

/** Production counted in a window: deltas of counter samples taken in it. */
export type CountSample = { at: number; pieces: number; good: number };

/** The OEE of each shift window from the machine's state spans and counter deltas. */
export function oeeByShift(
  windows: readonly ShiftWindow[],
  spans: readonly StateSpan[],
  samples: readonly CountSample[],
  idealRate: number | null,
): (ShiftWindow & Oee)[] {
  const running = spans.filter((span) => span.state === 'running');
  return windows.map((window) => {
    const inWindow = samples.filter((sample) => sample.at >= window.from && sample.at < window.to);
    return {
      ...window,
      ...oeeOf({
        plannedMs: window.to - window.from,
        runMs: overlapMs(running, [window]),
        totalPieces: inWindow.reduce((sum, sample) => sum + sample.pieces, 0),
        goodPieces: inWindow.reduce((sum, sample) => sum + sample.good, 0),
        idealRate,
      }),
    };
  });
}

/** The day's OEE over several shifts: the sums of their inputs, not the mean of their ratios. */
export function oeeOfShifts(shifts: readonly OeeInputs[], idealRate: number | null): Oee {
  return oeeOf({
    plannedMs: shifts.reduce((sum, s) => sum + s.plannedMs, 0),
    runMs: shifts.reduce((sum, s) => sum + s.runMs, 0),
    totalPieces: shifts.reduce((sum, s) => sum + s.totalPieces, 0),
    goodPieces: shifts.reduce((sum, s) => sum + s.goodPieces, 0),
    idealRate,
  });
}
