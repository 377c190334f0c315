import type { PlcParameter, PlcSignal } from '@armature/domain';

/** Part types the BOM demo needs beyond the basic configuration's (added when missing, by code). */
export const DEMO_BOM_PART_TYPES = [
  { code: 'MACHINE', name: '整机', nameEn: 'Machine', nameFr: 'Machine' },
  { code: 'ASSEMBLY', name: '部件', nameEn: 'Assembly', nameFr: 'Sous-ensemble' },
  { code: 'FRAME', name: '机架', nameEn: 'Frame', nameFr: 'Bâti' },
  { code: 'ROLLER', name: '辊轮', nameEn: 'Roller', nameFr: 'Galet' },
  { code: 'HYDRAULIC', name: '液压件', nameEn: 'Hydraulic part', nameFr: 'Composant hydraulique' },
] as const;

type PartTypeCode = 'BLADE' | 'MOTOR' | 'SENSOR' | 'PLC' | 'REDUCER' | (typeof DEMO_BOM_PART_TYPES)[number]['code'];

export type DemoPart = {
  code: string;
  name: string;
  type: PartTypeCode;
  specification: string | null;
  material: string | null;
  unit: string;
  figureNo: string | null;
  supplier: string | null;
  unitPrice: number;
  weight: number;
  leadTimeDays: number;
};

const part = (
  code: string,
  name: string,
  type: PartTypeCode,
  specification: string | null,
  material: string | null,
  supplier: string | null,
  unitPrice: number,
  weight: number,
  leadTimeDays: number,
  unit = '件',
): DemoPart => ({
  code,
  name,
  type,
  specification,
  material,
  unit,
  figureNo: supplier ? null : `${code}-00`,
  supplier,
  unitPrice,
  weight,
  leadTimeDays,
});

const OWN = null;

/**
 * The four machine models of the equipment demo (their `spec` is the part's specification), their
 * assemblies (made in house) and bought or made parts.
 */
export const DEMO_PARTS: readonly DemoPart[] = [
  part('GJW16', '数控钢筋剪切生产线', 'MACHINE', 'GJW-16 剪切生产线', null, OWN, 680000, 9800, 60, '台'),
  part('WG12D', '数控钢筋弯箍机', 'MACHINE', 'WG12D-4 弯箍机', null, OWN, 168000, 1650, 45, '台'),
  part('G2L32', '数控钢筋弯曲中心', 'MACHINE', 'G2L32 双机头弯曲中心', null, OWN, 420000, 6200, 60, '台'),
  part('HGS40', '钢筋剥肋滚丝机', 'MACHINE', 'HGS-40 滚丝机', null, OWN, 56000, 780, 30, '台'),
  part('GJW16-10', '剪切单元', 'ASSEMBLY', '剪切力 1600 kN', null, OWN, 98000, 2100, 20, '套'),
  part('GJW16-20', '送料辊道', 'ASSEMBLY', '辊道长 12 m', null, OWN, 76000, 3200, 20, '套'),
  part('GJW16-30', '剪切线电控柜', 'ASSEMBLY', '380 V 50 Hz', null, OWN, 52000, 260, 15, '套'),
  part('GJW16-40', '液压站', 'ASSEMBLY', '16 MPa 160 L', null, OWN, 38000, 620, 15, '套'),
  part('WG12D-10', '矫直机构', 'ASSEMBLY', '双向 10 轮矫直', null, OWN, 21000, 180, 15, '套'),
  part('WG12D-20', '弯箍机头', 'ASSEMBLY', '±180° 双向弯曲', null, OWN, 36000, 220, 15, '套'),
  part('WG12D-30', '牵引送料机构', 'ASSEMBLY', '4 轮牵引', null, OWN, 18000, 140, 15, '套'),
  part('WG12D-40', '弯箍机电控柜', 'ASSEMBLY', '380 V 50 Hz', null, OWN, 26000, 90, 15, '套'),
  part('G2L32-10', '弯曲机头', 'ASSEMBLY', 'Φ10–32 mm', null, OWN, 64000, 780, 20, '套'),
  part('G2L32-20', '移动小车', 'ASSEMBLY', '行程 12 m', null, OWN, 42000, 860, 20, '套'),
  part('G2L32-30', '弯曲中心电控柜', 'ASSEMBLY', '380 V 50 Hz', null, OWN, 48000, 210, 15, '套'),
  part('HGS40-10', '滚丝机头', 'ASSEMBLY', 'Φ16–40 mm', null, OWN, 18000, 260, 15, '套'),
  part('HGS40-20', '夹紧机构', 'ASSEMBLY', '气动夹紧', null, OWN, 7600, 95, 10, '套'),
  part('FR-GJW16', '剪切机机架', 'FRAME', '焊接箱形', 'Q355B', OWN, 26000, 1500, 25),
  part('FR-WG12', '弯箍机机架', 'FRAME', '焊接板式', 'Q235B', OWN, 9800, 620, 20),
  part('FR-G2L32', '弯曲中心导轨机架', 'FRAME', '12 m 导轨', 'Q355B', OWN, 34000, 2600, 25),
  part('FR-HGS40', '滚丝机机架', 'FRAME', '铸铁底座', 'HT250', OWN, 5200, 310, 20),
  part('BL-S16U', '剪切上刀片', 'BLADE', '200×80×30', 'Cr12MoV', '马鞍山刃具厂', 860, 3.6, 14),
  part('BL-S16L', '剪切下刀片', 'BLADE', '200×80×30', 'Cr12MoV', '马鞍山刃具厂', 860, 3.6, 14),
  part('BL-C12', '弯箍机切断刀', 'BLADE', 'Φ6–12', 'SKD11', '马鞍山刃具厂', 420, 0.8, 14),
  part('BL-R40', '剥肋刀片', 'BLADE', 'Φ16–40 (4 片/套)', 'W18Cr4V', '河北钢筋机械配件', 360, 0.4, 10, '套'),
  part('TR-40', '滚丝轮', 'BLADE', 'M40×3 (3 件/套)', 'Cr12MoV', '河北钢筋机械配件', 1200, 4.2, 20, '套'),
  part('MT-SV15', '伺服电机 1.5 kW', 'MOTOR', '1FL6 1.5 kW 3000 rpm', null, '西门子（中国）', 3800, 6.5, 21, '台'),
  part('MT-SV55', '伺服电机 5.5 kW', 'MOTOR', '1FL6 5.5 kW 2000 rpm', null, '西门子（中国）', 9600, 21, 28, '台'),
  part('MT-AS75', '异步电机 7.5 kW', 'MOTOR', 'YE3-132M-4', null, '卧龙电驱', 2600, 68, 14, '台'),
  part('MT-HP11', '液压泵电机 11 kW', 'MOTOR', 'YE3-160M-4', null, '卧龙电驱', 3400, 110, 14, '台'),
  part('SN-PX12', '接近开关', 'SENSOR', 'M12 PNP 4 mm', null, '欧姆龙', 120, 0.05, 7),
  part('SN-EN1024', '旋转编码器', 'SENSOR', '1024 P/R 增量式', null, '欧姆龙', 680, 0.3, 10),
  part('SN-PT25', '压力传感器', 'SENSOR', '0–25 MPa 4–20 mA', null, '麦克传感器', 890, 0.2, 10),
  part('SN-PE', '光电开关', 'SENSOR', '对射式 10 m', null, '欧姆龙', 260, 0.1, 7),
  part('PLC-1214', 'PLC CPU', 'PLC', 'S7-1200 CPU 1214C DC/DC/DC', null, '西门子（中国）', 3200, 0.42, 21, '台'),
  part('PLC-DI16', '数字量输入模块', 'PLC', 'SM 1221 DI 16×24 V DC', null, '西门子（中国）', 1100, 0.17, 21),
  part('HMI-7', '触摸屏', 'PLC', 'KTP700 Basic 7″', null, '西门子（中国）', 2600, 1.1, 21, '台'),
  part('RD-K57', '斜齿轮减速机', 'REDUCER', 'K57 i=28.3', null, 'SEW 传动', 4200, 38, 28, '台'),
  part('RD-P90', '行星减速机', 'REDUCER', 'PLE090 i=10', null, '纽卡特', 2900, 4.8, 28, '台'),
  part('RD-W60', '蜗轮蜗杆减速机', 'REDUCER', 'NMRV063 i=40', null, '台州传动', 980, 9.5, 14, '台'),
  part('RL-F60', '送料辊', 'ROLLER', 'Φ160×60 带槽', '45# 调质', OWN, 520, 9.2, 10),
  part('RL-S40', '矫直轮', 'ROLLER', 'Φ90 V 槽', 'GCr15', OWN, 260, 1.6, 10),
  part('RL-G32', '导向辊', 'ROLLER', 'Φ80×120', '45#', OWN, 180, 3.8, 10),
  part('HY-CY80', '剪切油缸', 'HYDRAULIC', 'Φ200/Φ110×80', null, '恒立液压', 6800, 120, 30, '台'),
  part('HY-DV10', '电磁换向阀', 'HYDRAULIC', '4WE10 24 V DC', null, '力士乐（中国）', 1350, 4.5, 21),
  part('HY-GP25', '齿轮泵', 'HYDRAULIC', 'CBN-E325', null, '合肥长源', 720, 5.6, 14, '台'),
];

/** A node of a demo BOM: a part code, its quantity per parent unit, its children. */
export type DemoNode = { part: string; quantity: number; positionNo?: string; children?: DemoNode[] };

const leaf = (part: string, quantity: number, positionNo?: string): DemoNode => ({ part, quantity, positionNo });
const assembly = (part: string, quantity: number, positionNo: string, children: DemoNode[]): DemoNode => ({
  part,
  quantity,
  positionNo,
  children,
});

/** The released design BOM of each machine model: machine → assemblies → parts (V1, released). */
export const DEMO_BOMS: readonly { code: string; name: string; productType: string; tree: DemoNode }[] = [
  {
    code: 'GJW16',
    name: 'GJW-16 剪切生产线',
    productType: 'CUT-LINE',
    tree: {
      part: 'GJW16',
      quantity: 1,
      children: [
        assembly('GJW16-10', 1, '10', [
          leaf('FR-GJW16', 1, '11'),
          leaf('BL-S16U', 1, '12'),
          leaf('BL-S16L', 1, '13'),
          leaf('HY-CY80', 1, '14'),
          leaf('SN-PX12', 2, '15'),
        ]),
        assembly('GJW16-20', 1, '20', [
          leaf('RL-F60', 24, '21'),
          leaf('MT-AS75', 2, '22'),
          leaf('RD-K57', 2, '23'),
          leaf('SN-EN1024', 1, '24'),
          leaf('SN-PE', 2, '25'),
        ]),
        assembly('GJW16-30', 1, '30', [leaf('PLC-1214', 1, '31'), leaf('PLC-DI16', 2, '32'), leaf('HMI-7', 1, '33')]),
        assembly('GJW16-40', 1, '40', [
          leaf('MT-HP11', 1, '41'),
          leaf('HY-GP25', 1, '42'),
          leaf('HY-DV10', 2, '43'),
          leaf('SN-PT25', 1, '44'),
        ]),
      ],
    },
  },
  {
    code: 'WG12D',
    name: 'WG12D-4 弯箍机',
    productType: 'BEND-CENTER',
    tree: {
      part: 'WG12D',
      quantity: 1,
      children: [
        leaf('FR-WG12', 1, '05'),
        assembly('WG12D-10', 1, '10', [leaf('RL-S40', 10, '11')]),
        assembly('WG12D-20', 1, '20', [leaf('MT-SV55', 1, '21'), leaf('RD-P90', 1, '22'), leaf('BL-C12', 1, '23')]),
        assembly('WG12D-30', 1, '30', [leaf('MT-SV15', 2, '31'), leaf('RL-F60', 4, '32'), leaf('SN-EN1024', 1, '33')]),
        assembly('WG12D-40', 1, '40', [leaf('PLC-1214', 1, '41'), leaf('HMI-7', 1, '42')]),
      ],
    },
  },
  {
    code: 'G2L32',
    name: 'G2L32 双机头弯曲中心',
    productType: 'BEND-CENTER',
    tree: {
      part: 'G2L32',
      quantity: 1,
      children: [
        leaf('FR-G2L32', 1, '05'),
        assembly('G2L32-10', 2, '10', [leaf('MT-SV55', 1, '11'), leaf('RD-P90', 1, '12'), leaf('SN-PX12', 2, '13')]),
        assembly('G2L32-20', 1, '20', [leaf('MT-SV15', 1, '21'), leaf('RL-G32', 8, '22'), leaf('SN-EN1024', 1, '23')]),
        assembly('G2L32-30', 1, '30', [leaf('PLC-1214', 1, '31'), leaf('PLC-DI16', 1, '32'), leaf('HMI-7', 1, '33')]),
      ],
    },
  },
  {
    code: 'HGS40',
    name: 'HGS-40 滚丝机',
    productType: 'THREAD-LINE',
    tree: {
      part: 'HGS40',
      quantity: 1,
      children: [
        leaf('FR-HGS40', 1, '05'),
        assembly('HGS40-10', 1, '10', [
          leaf('TR-40', 1, '11'),
          leaf('BL-R40', 1, '12'),
          leaf('RD-W60', 1, '13'),
          leaf('MT-AS75', 1, '14'),
        ]),
        assembly('HGS40-20', 1, '20', [leaf('SN-PX12', 1, '21')]),
      ],
    },
  },
];

/** The design BOM the demo manufacturing BOM is derived from. */
export const DEMO_MAKE_BOM_OF = 'GJW16';

/** Pictures in `./demo/` attached to parts, by part code. */
export const DEMO_PICTURES: readonly { part: string; file: string }[] = [
  { part: 'BL-S16U', file: 'shear-blade.png' },
  { part: 'MT-SV55', file: 'servo-motor.png' },
  { part: 'RL-F60', file: 'feed-roller.png' },
  { part: 'SN-PX12', file: 'proximity-sensor.png' },
  { part: 'PLC-1214', file: 'plc-cpu.png' },
  { part: 'RD-K57', file: 'gear-reducer.png' },
];

const signal = (
  address: string,
  dataType: PlcSignal['dataType'],
  description: string,
  telemetryField: PlcSignal['telemetryField'] = null,
  unit: string | null = null,
): PlcSignal => ({ address, dataType, unit, telemetryField, description });

/**
 * The shear line's digital twin: its elements on the BOM's assemblies (by part code), with the PLC
 * signals feeding telemetry and the simulator's alarm codes (E-101 feed rollers slipping, E-204 shear
 * blade not in position, E-310 servo drive overload, E-415 hydraulic oil too hot, E-520 safety door).
 */
export const DEMO_TWIN = {
  code: 'TWIN-GJW16',
  name: 'GJW-16 剪切生产线数字孪生',
  bom: 'GJW16',
  elements: [
    {
      element: '剪切单元',
      part: 'GJW16-10',
      signals: [
        signal('DB10.DBD4', 'DINT', '剪切次数', 'pieces', '次'),
        signal('DB10.DBX0.1', 'BOOL', '刀片到位', null),
      ],
      alarmCodes: ['E-204'],
    },
    {
      element: '送料辊道',
      part: 'GJW16-20',
      signals: [
        signal('DB20.DBD0', 'REAL', '送料速度', null, 'm/min'),
        signal('DB20.DBD8', 'DINT', '合格根数', 'good', '根'),
      ],
      alarmCodes: ['E-101', 'E-310'],
    },
    {
      element: '液压站',
      part: 'GJW16-40',
      signals: [signal('DB40.DBD0', 'REAL', '油温', null, '°C'), signal('DB40.DBD4', 'REAL', '系统压力', null, 'MPa')],
      alarmCodes: ['E-415'],
    },
    {
      element: '电控柜',
      part: 'GJW16-30',
      signals: [signal('DB1.DBW0', 'INT', '运行状态', 'state'), signal('DB1.DBW2', 'INT', '报警代码', 'alarm')],
      alarmCodes: ['E-520'],
    },
  ],
} as const;

const int = (name: string, label: string, unit: string | null, min: number, max: number): PlcParameter => ({
  name,
  label,
  type: 'int',
  unit,
  min,
  max,
  required: true,
});

/** Two task templates: cutting on the shear line, bending with angles on the bending centre. */
export const DEMO_PLC_TASKS = [
  {
    code: 'CUT-LN',
    name: '定尺剪切 L mm × n 根',
    equipmentModel: 'GJW-16 剪切生产线',
    technique: 'CUT',
    parameters: [
      int('diameter', '直径', 'mm', 12, 40),
      int('length', '定尺长度', 'mm', 300, 12000),
      int('count', '根数', '根', 1, 999),
    ],
    command: 'CUT D={diameter} L={length} N={count}',
    description: '按定尺长度剪切 n 根',
  },
  {
    code: 'BEND-ANG',
    name: '按角度弯曲',
    equipmentModel: 'G2L32 双机头弯曲中心',
    technique: 'BEND',
    parameters: [
      int('diameter', '直径', 'mm', 10, 32),
      int('length', '下料长度', 'mm', 500, 12000),
      { name: 'angle1', label: '左机头角度', type: 'decimal', unit: '°', min: -180, max: 180, required: true },
      { name: 'angle2', label: '右机头角度', type: 'decimal', unit: '°', min: -180, max: 180, required: true },
      { name: 'mandrel', label: '芯轴', type: 'enum', unit: null, options: ['4d', '5d', '7d'], required: true },
    ],
    command: 'BEND D={diameter} L={length} A1={angle1} A2={angle2} M={mandrel}',
    description: '双机头同时弯曲两端',
  },
] satisfies readonly {
  code: string;
  name: string;
  equipmentModel: string;
  technique: string;
  parameters: PlcParameter[];
  command: string;
  description: string;
}[];
