export const DEMO_CLIENT = { code: 'DEMO', companyName: '华东钢筋加工有限公司' } as const;
export const DEMO_PRODUCTS = [
  { code: 'LINE1', name: '一号加工线' },
  { code: 'LINE2', name: '二号加工线' },
] as const;
/**
 * A second, smaller client with one line of its own (a cutting line): the maker's lists show every
 * client's records, a plant's only its own.
 */
export const DEMO_SECOND_CLIENT = {
  code: 'HENGLI',
  companyName: '江苏恒力钢筋制品有限公司',
  product: { code: 'HL-LINE1', name: '恒力加工线', productType: 'CUT-LINE' },
} as const;
/** Which kind of line each demo product is (product type codes below). */
export const DEMO_PRODUCT_TYPE_OF: Record<(typeof DEMO_PRODUCTS)[number]['code'], string> = {
  LINE1: 'CUT-LINE',
  LINE2: 'BEND-CENTER',
};

export const DEMO_TECHNIQUES = [
  { code: 'CUT', name: '剪切', nameEn: 'Cutting', nameFr: 'Cisaillage', index: 10 },
  { code: 'BEND', name: '弯曲', nameEn: 'Bending', nameFr: 'Façonnage', index: 20 },
  { code: 'THREAD', name: '套丝', nameEn: 'Threading', nameFr: 'Filetage', index: 30 },
  { code: 'STRAIGHT', name: '调直', nameEn: 'Straightening', nameFr: 'Dressage', index: 40 },
  { code: 'WELD', name: '焊接', nameEn: 'Welding', nameFr: 'Soudage', index: 50 },
] as const;

/** Inspection characteristics with the tolerances of common rebar processing practice (JGJ 18 / GB 50204). */
export const DEMO_INSPECTION_TYPES = [
  {
    code: 'CUT-LEN',
    name: '下料长度偏差',
    nameEn: 'Cut length deviation',
    nameFr: 'Écart de longueur de coupe',
    technique: 'CUT',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: -10,
    upperTolerance: 10,
  },
  {
    code: 'BEND-ANGLE',
    name: '弯折角度偏差',
    nameEn: 'Bend angle deviation',
    nameFr: "Écart d'angle de pliage",
    technique: 'BEND',
    unit: '°',
    standardValue: 0,
    lowerTolerance: -1,
    upperTolerance: 1,
  },
  {
    code: 'THREAD-LEN',
    name: '丝头加工长度',
    nameEn: 'Thread length',
    nameFr: 'Longueur de filetage',
    technique: 'THREAD',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: 0,
    upperTolerance: 2,
  },
  {
    code: 'STRAIGHTNESS',
    name: '调直后直线度',
    nameEn: 'Straightness after straightening',
    nameFr: 'Rectitude après dressage',
    technique: 'STRAIGHT',
    unit: 'mm/m',
    standardValue: 0,
    lowerTolerance: 0,
    upperTolerance: 4,
  },
  {
    code: 'WELD-LEN',
    name: '焊缝长度偏差',
    nameEn: 'Weld length deviation',
    nameFr: 'Écart de longueur de soudure',
    technique: 'WELD',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: -5,
    upperTolerance: 5,
  },
] as const;

/**
 * The receiving technique: what is checked on arriving bars (stage `receipt`), by GB/T 1499.2 — the
 * diameter, the mass per metre, the mill certificate's strengths and elongation, and a bend test.
 */
export const DEMO_RECEIVING_TECHNIQUE = {
  code: 'RECV',
  name: '进场检验',
  nameEn: 'Incoming inspection',
  nameFr: 'Contrôle de réception',
  index: 5,
  stage: 'receipt',
} as const;

export const DEMO_RECEIPT_INSPECTION_TYPES = [
  {
    code: 'RECV-DIA',
    name: '直径偏差',
    nameEn: 'Diameter deviation',
    nameFr: 'Écart de diamètre',
    method: 'measured',
    unit: 'mm',
    standardValue: 0,
    lowerTolerance: -0.4,
    upperTolerance: 0.4,
  },
  {
    code: 'RECV-WEIGHT',
    name: '重量偏差',
    nameEn: 'Weight deviation per metre',
    nameFr: 'Écart de masse linéique',
    method: 'weightDeviation',
    unit: '%',
  },
  {
    code: 'RECV-YIELD',
    name: '屈服强度',
    nameEn: 'Yield strength',
    nameFr: 'Limite d’élasticité',
    method: 'minYield',
    unit: 'MPa',
  },
  {
    code: 'RECV-TENSILE',
    name: '抗拉强度',
    nameEn: 'Tensile strength',
    nameFr: 'Résistance à la traction',
    method: 'minTensile',
    unit: 'MPa',
  },
  {
    code: 'RECV-ELONG',
    name: '断后伸长率',
    nameEn: 'Elongation after fracture',
    nameFr: 'Allongement après rupture',
    method: 'minElongation',
    unit: '%',
  },
  {
    code: 'RECV-BEND',
    name: '弯曲试验',
    nameEn: 'Bend test',
    nameFr: 'Essai de pliage',
    method: 'passFail',
    unit: null,
  },
] as const;

export const DEMO_PRODUCT_TYPES = [
  { code: 'CUT-LINE', name: '剪切生产线', nameEn: 'Cutting line', nameFr: 'Ligne de cisaillage' },
  { code: 'BEND-CENTER', name: '弯曲中心', nameEn: 'Bending centre', nameFr: 'Centre de façonnage' },
  { code: 'THREAD-LINE', name: '套丝生产线', nameEn: 'Threading line', nameFr: 'Ligne de filetage' },
] as const;

export const DEMO_PART_TYPES = [
  { code: 'BLADE', name: '刀片', nameEn: 'Blade', nameFr: 'Lame' },
  { code: 'MOTOR', name: '电机', nameEn: 'Motor', nameFr: 'Moteur' },
  { code: 'SENSOR', name: '传感器', nameEn: 'Sensor', nameFr: 'Capteur' },
  { code: 'PLC', name: 'PLC 控制器', nameEn: 'PLC controller', nameFr: 'Automate (PLC)' },
  { code: 'REDUCER', name: '减速机', nameEn: 'Gear reducer', nameFr: 'Réducteur' },
] as const;

/** Every demo product's materials (GB/T 1499.2-2018 minimum properties). */
export const DEMO_REBAR_MATERIALS = [
  {
    code: 'HRB400E',
    name: 'HRB400E 热轧带肋钢筋',
    nameEn: 'HRB400E hot-rolled ribbed bar',
    nameFr: 'HRB400E barre nervurée laminée à chaud',
    grade: 'HRB400E',
    yieldStrength: 400,
    tensileStrength: 540,
    elongation: 16,
  },
  {
    code: 'HRB500E',
    name: 'HRB500E 热轧带肋钢筋',
    nameEn: 'HRB500E hot-rolled ribbed bar',
    nameFr: 'HRB500E barre nervurée laminée à chaud',
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
