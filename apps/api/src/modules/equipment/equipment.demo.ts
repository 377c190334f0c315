import type { SaleStatus, ThroughputBand } from '@armature/domain';
import { DEMO_CLIENT, DEMO_SECOND_CLIENT } from '../master-data/index.ts';

type TechniqueCode = 'CUT' | 'BEND' | 'THREAD' | 'STRAIGHT' | 'WELD';
type ProductTypeCode = 'CUT-LINE' | 'BEND-CENTER' | 'THREAD-LINE';

/** A demo machine, by the codes of the demo master data it refers to. */
export type DemoMachine = {
  serialNumber: string;
  name: string;
  spec: string;
  figureNo: string;
  productType: ProductTypeCode;
  /** The client it went to and the line it is installed on; null while in the maker's stock. */
  clientCode: string | null;
  productCode: string | null;
  saleStatus: SaleStatus;
  creatorName: string | null;
  productionDate: string;
  techniques: TechniqueCode[];
  diameterMin: number;
  diameterMax: number;
  idealRate: number;
  throughput: ThroughputBand[];
  /** It reports by MQTT (the telemetry area issues its credentials and the simulator publishes for it); else it is set by hand. */
  telemetry: boolean;
};

const perHour = (diameterFrom: number, diameterTo: number, rate: number): ThroughputBand => ({
  diameterFrom,
  diameterTo,
  rate,
  unit: 'piecesPerHour',
});

const kgPerHour = (diameterFrom: number, diameterTo: number, rate: number): ThroughputBand => ({
  diameterFrom,
  diameterTo,
  rate,
  unit: 'kgPerHour',
});

/** The four kinds of machine of a rebar plant, as the maker builds them. */
const MODELS = {
  shearLine: {
    name: '数控钢筋剪切生产线',
    spec: 'GJW-16 剪切生产线',
    figureNo: 'GJW16-00-000',
    productType: 'CUT-LINE',
    techniques: ['CUT'],
    diameterMin: 12,
    diameterMax: 40,
    idealRate: 240,
    throughput: [kgPerHour(12, 20, 9000), kgPerHour(22, 32, 14000), kgPerHour(36, 40, 16000)],
  },
  stirrupBender: {
    name: '数控钢筋弯箍机',
    spec: 'WG12D-4 弯箍机',
    figureNo: 'WG12D-00-000',
    productType: 'BEND-CENTER',
    techniques: ['STRAIGHT', 'BEND', 'CUT'],
    diameterMin: 6,
    diameterMax: 12,
    idealRate: 1200,
    throughput: [perHour(6, 8, 1400), perHour(10, 12, 1000)],
  },
  bendingCentre: {
    name: '数控钢筋弯曲中心',
    spec: 'G2L32 双机头弯曲中心',
    figureNo: 'G2L32-00-000',
    productType: 'BEND-CENTER',
    techniques: ['BEND'],
    diameterMin: 10,
    diameterMax: 32,
    idealRate: 180,
    throughput: [perHour(10, 16, 240), perHour(18, 25, 180), perHour(28, 32, 120)],
  },
  threader: {
    name: '钢筋剥肋滚丝机',
    spec: 'HGS-40 滚丝机',
    figureNo: 'HGS40-00-000',
    productType: 'THREAD-LINE',
    techniques: ['THREAD'],
    diameterMin: 16,
    diameterMax: 40,
    idealRate: 120,
    throughput: [perHour(16, 25, 150), perHour(28, 40, 100)],
  },
} as const satisfies Record<
  string,
  Pick<
    DemoMachine,
    'name' | 'spec' | 'figureNo' | 'productType' | 'diameterMin' | 'diameterMax' | 'idealRate' | 'throughput'
  > & { techniques: readonly TechniqueCode[] }
>;

type Placement = Pick<
  DemoMachine,
  'serialNumber' | 'clientCode' | 'productCode' | 'saleStatus' | 'creatorName' | 'productionDate' | 'telemetry'
>;

const machine = (model: keyof typeof MODELS, placement: Placement): DemoMachine => ({
  ...MODELS[model],
  techniques: [...MODELS[model].techniques],
  throughput: [...MODELS[model].throughput],
  ...placement,
});

const installed = (
  clientCode: string,
  productCode: string,
  serialNumber: string,
  productionDate: string,
  telemetry: boolean,
): Placement => ({
  serialNumber,
  clientCode,
  productCode,
  saleStatus: 'sold',
  creatorName: '王安装',
  productionDate,
  telemetry,
});

const inStock = (serialNumber: string, productionDate: string): Placement => ({
  serialNumber,
  clientCode: null,
  productCode: null,
  saleStatus: 'inStock',
  creatorName: null,
  productionDate,
  telemetry: false,
});

/**
 * The demo machines: each demo line a shear line, stirrup benders, a bending centre and a threading
 * machine (one per line set by hand), the second client's two, and two still in the maker's stock.
 * Serial numbers are MQTT topic levels: model, year and month of build, number.
 */
const demo = (productCode: 'LINE1' | 'LINE2', serialNumber: string, productionDate: string, telemetry: boolean) =>
  installed(DEMO_CLIENT.code, productCode, serialNumber, productionDate, telemetry);
const second = (serialNumber: string, productionDate: string, telemetry: boolean) =>
  installed(DEMO_SECOND_CLIENT.code, DEMO_SECOND_CLIENT.product.code, serialNumber, productionDate, telemetry);

export const DEMO_MACHINES: readonly DemoMachine[] = [
  machine('shearLine', demo('LINE1', 'GJW16-2403-0117', '2024-03-18', true)),
  machine('stirrupBender', demo('LINE1', 'WG12D-2405-0342', '2024-05-06', true)),
  machine('stirrupBender', demo('LINE1', 'WG12D-2405-0343', '2024-05-06', false)),
  machine('bendingCentre', demo('LINE1', 'G2L32-2402-0058', '2024-02-26', true)),
  machine('threader', demo('LINE1', 'HGS40-2406-0211', '2024-06-11', true)),
  machine('shearLine', demo('LINE2', 'GJW16-2409-0131', '2024-09-02', true)),
  machine('stirrupBender', demo('LINE2', 'WG12D-2410-0388', '2024-10-14', true)),
  machine('bendingCentre', demo('LINE2', 'G2L32-2411-0071', '2024-11-04', true)),
  machine('threader', demo('LINE2', 'HGS40-2411-0236', '2024-11-25', false)),
  machine('shearLine', second('GJW16-2502-0145', '2025-02-17', true)),
  machine('stirrupBender', second('WG12D-2503-0415', '2025-03-10', false)),
  machine('bendingCentre', inStock('G2L32-2609-0102', '2026-09-21')),
  machine('stirrupBender', inStock('WG12D-2610-0467', '2026-10-12')),
];

/** What the telemetry area needs of the demo machines: which ones report by MQTT, under which topic levels. */
export const DEMO_EQUIPMENT: readonly {
  serialNumber: string;
  productCode: string | null;
  clientCode: string | null;
  telemetry: boolean;
}[] = DEMO_MACHINES.map(({ serialNumber, productCode, clientCode, telemetry }) => ({
  serialNumber,
  productCode,
  clientCode,
  telemetry,
}));
