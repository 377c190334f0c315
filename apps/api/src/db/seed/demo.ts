import {
  PERMISSIONS,
  STOCK_INTEGRITY_PERMISSION,
  type StockDirection,
  type StockKind,
  type StockReason,
} from '@armature/domain';

/** Documented demo credentials (README, tests). The admin's is replaced by ADMIN_PASSWORD when set. */
export const DEMO_ADMIN = { userName: 'admin', name: '系统管理员', password: 'Armature2026' } as const;
export const DEMO_PLANNER = { userName: 'planner', name: '张计划', password: 'Planner2026' } as const;

export const DEMO_CLIENT = { code: 'DEMO', companyName: '华东钢筋加工有限公司' } as const;
export const DEMO_PRODUCTS = [
  { code: 'LINE1', name: '一号加工线' },
  { code: 'LINE2', name: '二号加工线' },
] as const;
/** The planner works on the first line only. */
export const PLANNER_PRODUCT_CODE = 'LINE1';

export const PLANNER_ROLE = { name: 'planner', description: '计划员' } as const;

const READ_PAGES = [
  'rawMaterialStock.receiveCenter.rebarReceive',
  'rawMaterialStock.receiveCenter.rebarStock',
  'rawMaterialStock.receiveCenter.receiveStockLog',
  'rebarFinished.finished.stock',
  'rebarFinished.finished.stockLog',
  'rebarFinished.tail.stock',
  'rebarFinished.tail.stockLog',
  'rebarFinished.waste.stock',
];

/**
 * A planner plans production: every page and button of productionPlan, the task list with its export
 * and the digital twin, stock pages read-only with export, rebar specs and the plant-side product
 * settings (read only) — nothing of user or basic-data administration.
 */
export const PLANNER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter((name) => name.startsWith('productionPlan.')),
  'intelligentProcess.taskCenter.task',
  'intelligentProcess.taskCenter.task.export',
  'intelligentProcess.taskCenter.digitalTwinOverview',
  ...READ_PAGES.flatMap((page) => [page, `${page}.export`]),
  'basicConfig.spec.rebar',
  'basicConfig.spec.rebarMaterial',
  'superAdmin.equipmentCenter.productSetting-normal',
];

/** Which kind of line each demo product is (product type codes below). */
export const DEMO_PRODUCT_TYPE_OF: Record<(typeof DEMO_PRODUCTS)[number]['code'], string> = {
  LINE1: 'CUT-LINE',
  LINE2: 'BEND-CENTER',
};

export const DEMO_TECHNIQUES = [
  { code: 'CUT', name: '剪切', index: 10 },
  { code: 'BEND', name: '弯曲', index: 20 },
  { code: 'THREAD', name: '套丝', index: 30 },
  { code: 'STRAIGHT', name: '调直', index: 40 },
  { code: 'WELD', name: '焊接', index: 50 },
] as const;

/** Inspection characteristics with the tolerances of common rebar processing practice (JGJ 18 / GB 50204). */
export const DEMO_INSPECTION_TYPES = [
  {
    code: 'CUT-LEN',
    name: '下料长度偏差',
    technique: 'CUT',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: -10,
    upperTolerance: 10,
  },
  {
    code: 'BEND-ANGLE',
    name: '弯折角度偏差',
    technique: 'BEND',
    unit: '°',
    standardValue: 0,
    lowerTolerance: -1,
    upperTolerance: 1,
  },
  {
    code: 'THREAD-LEN',
    name: '丝头加工长度',
    technique: 'THREAD',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: 0,
    upperTolerance: 2,
  },
  {
    code: 'STRAIGHTNESS',
    name: '调直后直线度',
    technique: 'STRAIGHT',
    unit: 'mm/m',
    standardValue: 0,
    lowerTolerance: 0,
    upperTolerance: 4,
  },
  {
    code: 'WELD-LEN',
    name: '焊缝长度偏差',
    technique: 'WELD',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: -5,
    upperTolerance: 5,
  },
] as const;

export const DEMO_PRODUCT_TYPES = [
  { code: 'CUT-LINE', name: '剪切生产线' },
  { code: 'BEND-CENTER', name: '弯曲中心' },
  { code: 'THREAD-LINE', name: '套丝生产线' },
] as const;

export const DEMO_PART_TYPES = [
  { code: 'BLADE', name: '刀片' },
  { code: 'MOTOR', name: '电机' },
  { code: 'SENSOR', name: '传感器' },
  { code: 'PLC', name: 'PLC 控制器' },
  { code: 'REDUCER', name: '减速机' },
] as const;

/** Every demo product's materials (GB/T 1499.2-2018 minimum properties). */
export const DEMO_REBAR_MATERIALS = [
  {
    code: 'HRB400E',
    name: 'HRB400E 热轧带肋钢筋',
    grade: 'HRB400E',
    yieldStrength: 400,
    tensileStrength: 540,
    elongation: 16,
  },
  {
    code: 'HRB500E',
    name: 'HRB500E 热轧带肋钢筋',
    grade: 'HRB500E',
    yieldStrength: 500,
    tensileStrength: 630,
    elongation: 15,
  },
].map((material) => ({ ...material, standard: 'GB/T 1499.2-2018' }));

/** Every demo product has a spec per material grade and diameter. */
export const DEMO_REBAR_DIAMETERS = [8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 32] as const;
export const DEMO_STOCK_LENGTHS = [9000, 12000];

export const DEMO_PRODUCT_SETTINGS = { wasteLength: 500, minTailLength: 1000, stockLengths: DEMO_STOCK_LENGTHS };

export const DEMO_KEEPER = { userName: 'keeper', name: '李库管', password: 'Keeper2026' } as const;
/** The stock keeper works on the first line too. */
export const KEEPER_PRODUCT_CODE = 'LINE1';
export const KEEPER_ROLE = { name: 'stockKeeper', description: '仓库管理员' } as const;

/**
 * A stock keeper receives bars and records stock moves: every page and button of rawMaterialStock and
 * rebarFinished except the integrity check (the equipment maker's), and reads the rebar specs.
 */
export const KEEPER_PERMISSIONS: readonly string[] = [
  ...PERMISSIONS.filter(
    (name) =>
      (name.startsWith('rawMaterialStock.') || name.startsWith('rebarFinished.')) &&
      name !== STOCK_INTEGRITY_PERMISSION,
  ),
  'basicConfig.spec.rebar',
];

type DemoSpec = { grade: 'HRB400E' | 'HRB500E'; diameter: (typeof DEMO_REBAR_DIAMETERS)[number] };
type DemoMove = DemoSpec & {
  kind: StockKind;
  direction: StockDirection;
  length: number;
  heatNo?: string;
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
  ...outputs.map((output) => ({ ...spec, ...output, direction: 'in' as const, reason: 'production' as const })),
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
