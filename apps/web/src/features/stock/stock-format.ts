import {
  STOCK_KINDS,
  hasHeatNo,
  hasLocation,
  type StockKind,
  type StockMoveInput,
  type StockSummaryRow,
} from '@armature/domain';

/** Form drawers (receiving, manual moves): two field columns, never wider than the window. */
export const FORM_DRAWER_WIDTH = 'min(720px, 100vw)';

/** Weights are kilograms with three decimals (grams), always shown with all three, in the user's number format. */
export { formatKg } from '../../lib/number-format.ts';

/**
 * Names a stock row in test ids and titles: `HRB400E Φ12-9000`, raw bars with their heat: `…-9000-24A-1187`,
 * bars put away with their location: `…-24A-1187@A-01`.
 */
export function stockRowLabel(row: {
  rebarName: string;
  length: number;
  heatNo: string | null;
  locationCode?: string | null;
}): string {
  const name = [row.rebarName, row.length, ...(row.heatNo ? [row.heatNo] : [])].join('-');
  return row.locationCode ? `${name}@${row.locationCode}` : name;
}

/** One bar group per diameter: the weight (kg) of each kind present, 0 where a kind has none. */
export type WeightChartRow = { diameter: number } & Partial<Record<StockKind, number>>;

export type WeightChart = {
  /** The kinds present, in the domain's order (one bar series each). */
  kinds: StockKind[];
  /** Ascending diameters. */
  rows: WeightChartRow[];
};

/** `GET /stock/summary` shaped for a grouped bar chart of weight by diameter and kind. */
export function weightChart(summary: readonly StockSummaryRow[]): WeightChart {
  const kinds = STOCK_KINDS.filter((kind) => summary.some((row) => row.kind === kind));
  const diameters = [...new Set(summary.map((row) => row.diameter))].sort((a, b) => a - b);
  const rows = diameters.map((diameter) => {
    const weights = kinds.map((kind) => [
      kind,
      summary.filter((row) => row.kind === kind && row.diameter === diameter).reduce((sum, row) => sum + row.weight, 0),
    ]);
    return { diameter, ...Object.fromEntries(weights) } as WeightChartRow;
  });
  return { kinds, rows };
}

export type MoveValues = {
  direction: StockMoveInput['direction'];
  reason?: StockMoveInput['reason'];
  rebarId?: string;
  length?: number;
  heatNo?: string;
  /** Raw and offcuts: where the bars lie (an out-move: the picked row's place). */
  locationId?: string | null;
  quantity?: number;
  remark?: string;
};

/** The body of `POST /stockLog/{kind}`: the heat number only where the kind keeps one. */
export function movePayload(kind: StockKind, values: MoveValues): Partial<StockMoveInput> {
  return {
    direction: values.direction,
    reason: values.reason,
    rebarId: values.rebarId,
    length: values.length,
    heatNo: hasHeatNo(kind) ? values.heatNo?.trim() : null,
    locationId: hasLocation(kind) ? (values.locationId ?? null) : null,
    quantity: values.quantity,
    remark: values.remark?.trim() || null,
  };
}

/** A typed length: digits only, within 1 … max (the bar length limit), or nothing. */
export function lengthValue(value: unknown, max: number): number | undefined {
  const digits = String(value ?? '').replace(/\D/g, '');
  if (digits === '') return undefined;
  return Math.min(max, Math.max(1, Number(digits)));
}
