import type { DemandPriority } from '@armature/domain';

/** The BVBS file the first demo order is imported from (beams of block 3: straight, bent and cranked bars, stirrups). */
export const DEMO_BVBS_FILE = new URL('./demo/line1-beams.abs', import.meta.url);

type DemoLine = {
  mark: string;
  diameter: number;
  length?: number;
  members: number;
  barsPerMember: number;
  geometry?: { length: number; angle: number }[];
  mandrel?: number;
};

/** A demo order of LINE1; `actions` replay its life (each a day after the previous step). */
export type DemoOrder = {
  daysAgo: number;
  project: string;
  element: string;
  customer: string;
  demandInDays: number;
  priority: DemandPriority;
  remark: string | null;
  /** The lines, or `bvbs`: imported from DEMO_BVBS_FILE. */
  lines: DemoLine[] | 'bvbs';
  actions: { action: 'confirm' | 'cancel'; note?: string }[];
};

export const DEMO_ORDER_PRODUCT_CODE = 'LINE1';

/** Three orders of LINE1 in three states: confirmed (imported from BVBS), a draft, a cancelled one. */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    daysAgo: 3,
    project: '滨江花园 3#楼',
    element: '三层梁 B3',
    customer: '王工 138 0000 1234',
    demandInDays: 7,
    priority: 'high',
    remark: '由 BVBS 文件导入（line1-beams.abs）',
    lines: 'bvbs',
    actions: [{ action: 'confirm' }],
  },
  {
    daysAgo: 1,
    project: '滨江花园 3#楼',
    element: '四层板 S4',
    customer: '王工 138 0000 1234',
    demandInDays: 12,
    priority: 'normal',
    remark: null,
    lines: [
      { mark: 'S4-1', diameter: 10, length: 5950, members: 1, barsPerMember: 120 },
      { mark: 'S4-2', diameter: 12, length: 4200, members: 1, barsPerMember: 80 },
      {
        mark: 'S4-3',
        diameter: 10,
        members: 4,
        barsPerMember: 30,
        geometry: [
          { length: 150, angle: 90 },
          { length: 1800, angle: 90 },
          { length: 150, angle: 0 },
        ],
        mandrel: 40,
      },
    ],
    actions: [],
  },
  {
    daysAgo: 6,
    project: '城东小学 风雨操场',
    element: '柱 KZ1',
    customer: '李经理',
    demandInDays: 2,
    priority: 'urgent',
    remark: null,
    lines: [
      { mark: 'KZ1-1', diameter: 25, length: 3600, members: 8, barsPerMember: 12 },
      {
        mark: 'KZ1-2',
        diameter: 10,
        members: 8,
        barsPerMember: 24,
        geometry: [
          { length: 100, angle: 135 },
          { length: 450, angle: 90 },
          { length: 450, angle: 90 },
          { length: 450, angle: 90 },
          { length: 450, angle: 135 },
          { length: 100, angle: 0 },
        ],
        mandrel: 40,
      },
    ],
    actions: [{ action: 'confirm' }, { action: 'cancel', note: '设计变更，图纸重出' }],
  },
];
