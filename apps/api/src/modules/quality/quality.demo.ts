/** The quality demo lives on the first line, with the demo inspector. */
export const QUALITY_DEMO_PRODUCT_CODE = 'LINE1';

/** Demo receipts (stock.demo.ts) checked and passed: the Φ16 heats the demo task cuts, and a Φ12 one. */
export const DEMO_PASSED_HEATS = ['24B-1187', '24A-0562', '24C-3519'] as const;

/**
 * The demo receipt whose weighed sample is 8 % light, beyond GB/T 1499.2's ±6 % for Φ12: its free bars
 * go on hold. A 9 m Φ12 lot: holding it takes no bars the browser tests plan with (they take the
 * longest raw bars, or Φ10).
 */
export const DEMO_HELD_HEAT = '24B-1302';

/** What the demo inspector enters, by characteristic method: values a mill certificate would show. */
export const DEMO_RECEIPT_ENTRIES = {
  measured: { value: 0.1 },
  weightDeviation: { lengthMm: 1000, massRatio: 0.985, failedMassRatio: 0.92 },
  minYield: { value: 455 },
  minTensile: { value: 610 },
  minElongation: { value: 22.5 },
  passFail: { passed: true },
} as const;

/**
 * A small order of its own for the demo task, so the demo's other orders and its approved cutting plan
 * (which the browser tests schedule) stay as they are: a distinct project, due in two months.
 */
export const DEMO_QUALITY_ORDER = {
  project: '质检演示 样板段',
  element: '首件检验 Φ16 直条',
  customer: null,
  priority: 'normal',
  remark: '演示：首件与抽检、质量追溯',
  lines: [{ mark: 'QC-1', diameter: 16, length: 3950, members: 3, barsPerMember: 4, piecesPerBundle: 6 }],
} as const;
export const DEMO_QUALITY_DUE_IN_DAYS = 60;

/** Production checks of the cut length (CUT-LEN, ±10 mm): the first piece and a later sample, both good. */
export const DEMO_CUT_LENGTH_CODE = 'CUT-LEN';
export const DEMO_PRODUCTION_CHECKS = [
  { sample: 'first', value: 2 },
  { sample: 'last', value: -3 },
] as const;
