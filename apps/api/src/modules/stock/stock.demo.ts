import type { StockDirection, StockKind, StockReason } from '@armature/domain';
import type { DEMO_REBAR_DIAMETERS } from '../master-data/index.ts';

type DemoSpec = { grade: 'HRB400E' | 'HRB500E'; diameter: (typeof DEMO_REBAR_DIAMETERS)[number] };
type DemoMove = DemoSpec & {
  kind: StockKind;
  direction: StockDirection;
  length: number;
  heatNo?: string;
  /** Offcuts coming in: the heats of the bars they were cut from. */
  heatNos?: string[];
  quantity: number;
  reason: StockReason;
};

/** One day of the demo stock's history: a receipt from a mill, or moves recorded together (one MV document). */
export type DemoStockEvent = { daysAgo: number; hour: number } & (
  | { receipt: DemoSpec & { supplier: string; heatNo: string; length: number; bundles: number; barCount: number } }
  | { remark: string; moves: DemoMove[] }
);

const HRB400E = 'HRB400E';
const cut = (
  spec: DemoSpec,
  raw: { length: number; heatNo?: string; kind?: StockKind; bars: number },
  outputs: { kind: StockKind; length: number; quantity: number }[],
): DemoMove[] => [
  {
    ...spec,
    kind: raw.kind ?? 'raw',
    direction: 'out',
    length: raw.length,
    heatNo: raw.heatNo,
    quantity: raw.bars,
    reason: 'consumption',
  },
  ...outputs.map((output) => ({
    ...spec,
    ...output,
    heatNos: raw.heatNo ? [raw.heatNo] : [],
    direction: 'in' as const,
    reason: 'production' as const,
  })),
];

/**
 * The last 30 days of a plant's stock: ten receipts from three mills, bars cut into pieces (with
 * reusable tails and waste), deliveries to sites, one tail scrapped.
 */
export const DEMO_STOCK_HISTORY: readonly DemoStockEvent[] = [
  {
    daysAgo: 29,
    hour: 8,
    receipt: {
      grade: HRB400E,
      diameter: 12,
      supplier: '沙钢',
      heatNo: '24B-1187',
      length: 9000,
      bundles: 2,
      barCount: 180,
    },
  },
  {
    daysAgo: 27,
    hour: 9,
    receipt: {
      grade: HRB400E,
      diameter: 16,
      supplier: '永钢',
      heatNo: '24A-0562',
      length: 12000,
      bundles: 2,
      barCount: 120,
    },
  },
  {
    daysAgo: 26,
    hour: 14,
    remark: '一号楼基础',
    moves: cut({ grade: HRB400E, diameter: 12 }, { length: 9000, heatNo: '24B-1187', bars: 60 }, [
      { kind: 'finished', length: 2950, quantity: 180 },
      { kind: 'waste', length: 150, quantity: 60 },
    ]),
  },
  {
    daysAgo: 25,
    hour: 8,
    receipt: {
      grade: HRB400E,
      diameter: 20,
      supplier: '中天钢铁',
      heatNo: '24C-3310',
      length: 12000,
      bundles: 3,
      barCount: 96,
    },
  },
  {
    daysAgo: 24,
    hour: 15,
    remark: '一号楼柱筋',
    moves: cut({ grade: HRB400E, diameter: 16 }, { length: 12000, heatNo: '24A-0562', bars: 40 }, [
      { kind: 'finished', length: 3800, quantity: 120 },
      { kind: 'waste', length: 600, quantity: 40 },
    ]),
  },
  {
    daysAgo: 22,
    hour: 9,
    receipt: {
      grade: HRB400E,
      diameter: 25,
      supplier: '沙钢',
      heatNo: '24B-1245',
      length: 12000,
      bundles: 2,
      barCount: 60,
    },
  },
  {
    daysAgo: 21,
    hour: 13,
    remark: '二号楼梁筋',
    moves: cut({ grade: HRB400E, diameter: 20 }, { length: 12000, heatNo: '24C-3310', bars: 30 }, [
      { kind: 'finished', length: 4500, quantity: 60 },
      { kind: 'tail', length: 3000, quantity: 30 },
    ]),
  },
  {
    daysAgo: 20,
    hour: 8,
    receipt: {
      grade: HRB400E,
      diameter: 10,
      supplier: '永钢',
      heatNo: '24A-0611',
      length: 9000,
      bundles: 1,
      barCount: 300,
    },
  },
  {
    daysAgo: 18,
    hour: 16,
    remark: '发往一号楼工地',
    moves: [
      {
        grade: HRB400E,
        diameter: 12,
        kind: 'finished',
        direction: 'out',
        length: 2950,
        quantity: 120,
        reason: 'delivery',
      },
    ],
  },
  {
    daysAgo: 17,
    hour: 10,
    receipt: {
      grade: 'HRB500E',
      diameter: 28,
      supplier: '中天钢铁',
      heatNo: '24C-3402',
      length: 12000,
      bundles: 2,
      barCount: 64,
    },
  },
  {
    daysAgo: 15,
    hour: 14,
    remark: '二号楼承台',
    moves: cut({ grade: HRB400E, diameter: 25 }, { length: 12000, heatNo: '24B-1245', bars: 20 }, [
      { kind: 'finished', length: 5600, quantity: 40 },
      { kind: 'waste', length: 800, quantity: 20 },
    ]),
  },
  {
    daysAgo: 14,
    hour: 8,
    receipt: {
      grade: HRB400E,
      diameter: 12,
      supplier: '沙钢',
      heatNo: '24B-1302',
      length: 9000,
      bundles: 2,
      barCount: 200,
    },
  },
  {
    daysAgo: 12,
    hour: 11,
    remark: '余料锈蚀报废',
    moves: [
      { grade: HRB400E, diameter: 20, kind: 'tail', direction: 'out', length: 3000, quantity: 4, reason: 'scrap' },
      { grade: HRB400E, diameter: 20, kind: 'waste', direction: 'in', length: 3000, quantity: 4, reason: 'scrap' },
    ],
  },
  {
    daysAgo: 10,
    hour: 9,
    receipt: {
      grade: HRB400E,
      diameter: 22,
      supplier: '永钢',
      heatNo: '24A-0688',
      length: 12000,
      bundles: 2,
      barCount: 90,
    },
  },
  {
    daysAgo: 9,
    hour: 16,
    remark: '发往二号楼工地',
    moves: [
      {
        grade: HRB400E,
        diameter: 20,
        kind: 'finished',
        direction: 'out',
        length: 4500,
        quantity: 50,
        reason: 'delivery',
      },
      {
        grade: HRB400E,
        diameter: 16,
        kind: 'finished',
        direction: 'out',
        length: 3800,
        quantity: 100,
        reason: 'delivery',
      },
    ],
  },
  {
    daysAgo: 6,
    hour: 8,
    receipt: {
      grade: HRB400E,
      diameter: 16,
      supplier: '中天钢铁',
      heatNo: '24C-3519',
      length: 12000,
      bundles: 2,
      barCount: 150,
    },
  },
  {
    daysAgo: 5,
    hour: 14,
    remark: '三号楼楼板',
    moves: cut({ grade: HRB400E, diameter: 12 }, { length: 9000, heatNo: '24B-1302', bars: 50 }, [
      { kind: 'finished', length: 2950, quantity: 150 },
      { kind: 'waste', length: 150, quantity: 50 },
    ]),
  },
  {
    daysAgo: 3,
    hour: 9,
    receipt: {
      grade: 'HRB500E',
      diameter: 32,
      supplier: '沙钢',
      heatNo: '24B-1388',
      length: 12000,
      bundles: 1,
      barCount: 72,
    },
  },
  {
    daysAgo: 2,
    hour: 10,
    remark: '余料再利用',
    moves: cut({ grade: HRB400E, diameter: 20 }, { kind: 'tail', length: 3000, bars: 10 }, [
      { kind: 'finished', length: 1500, quantity: 20 },
    ]),
  },
];

/**
 * A demo plant's yard: a rack for thin bars, one for thick bars, and a bin for offcuts. The
 * history puts every receipt and offcut there, so the lists, the operator screen and a stock-take show
 * where bars lie.
 */
export const DEMO_LOCATIONS = [
  { code: 'A1', name: 'A区1号料架（Φ8–Φ16）', kind: 'rack' },
  { code: 'A2', name: 'A区2号料架（Φ18–Φ32）', kind: 'rack' },
  { code: 'B1', name: 'B区余料箱', kind: 'bin' },
] as const;

/** Where the demo keeps raw bars of a diameter or offcuts (other kinds: nowhere). */
export function demoLocationOf(move: {
  kind?: StockKind;
  diameter: number;
}): (typeof DEMO_LOCATIONS)[number]['code'] | null {
  const kind = move.kind ?? 'raw';
  if (kind === 'tail') return 'B1';
  if (kind === 'raw') return move.diameter <= 16 ? 'A1' : 'A2';
  return null;
}
