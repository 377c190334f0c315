import { defineResource } from '../../core/resources/define-resource.ts';

const length = (label: { 'zh-CN': string; 'en-US': string; 'fr-FR': string }, max: number, fallback: number) =>
  ({ kind: 'int', min: 0, max, unit: 'mm', default: fallback, label }) as const;

/**
 * What the cutting optimizer and the machines of one product work with. One row per product, created
 * with it: the list offers update only. The maker (admin variant) edits every field; the plant
 * (normal variant) the fields not marked `makerOnly`.
 */
export const productSettingResource = defineResource({
  name: 'productSetting',
  label: { 'zh-CN': '产品设置', 'en-US': 'Product settings', 'fr-FR': 'Paramètres produit' },
  path: 'product-setting',
  page: 'superAdmin.equipmentCenter.productSetting-admin',
  plantVariant: { page: 'superAdmin.equipmentCenter.productSetting-normal', path: 'product-setting/normal' },
  table: 'product_settings',
  // Keyed by its product rather than scoped to it: the maker's variant lists every product's row.
  scope: 'global',
  fields: {
    productId: {
      kind: 'reference',
      to: 'product',
      required: true,
      readOnly: true,
      ownedBy: true,
      label: { 'zh-CN': '产品', 'en-US': 'Product', 'fr-FR': 'Produit' },
    },
    wasteLength: length({ 'zh-CN': '废料长度', 'en-US': 'Waste length', 'fr-FR': 'Longueur de rebut' }, 12000, 500),
    minTailLength: length(
      { 'zh-CN': '最小可用余料', 'en-US': 'Minimum reusable tail', 'fr-FR': 'Chute réutilisable minimale' },
      12000,
      500,
    ),
    stockLengths: {
      kind: 'intList',
      min: 1000,
      max: 20000,
      maxItems: 10,
      required: true,
      unit: 'mm',
      // The lengths Chinese mills sell bars in.
      default: [9000, 12000],
      label: { 'zh-CN': '定尺长度', 'en-US': 'Stock lengths', 'fr-FR': 'Longueurs commerciales' },
    },
    kerf: {
      ...length({ 'zh-CN': '切口损耗', 'en-US': 'Kerf', 'fr-FR': 'Trait de coupe' }, 50, 0),
      makerOnly: true,
    },
    endTrim: {
      ...length({ 'zh-CN': '端头切除', 'en-US': 'End trim', 'fr-FR': 'Chute de tête' }, 1000, 0),
      makerOnly: true,
    },
    barsPerCut: {
      kind: 'int',
      min: 1,
      max: 30,
      default: 1,
      makerOnly: true,
      label: { 'zh-CN': '单次剪切根数', 'en-US': 'Bars per cut', 'fr-FR': 'Barres par coupe' },
    },
    // A confirmed order due within this many days and not fully planned is announced.
    dueWarningDays: {
      kind: 'int',
      min: 0,
      max: 60,
      default: 3,
      unit: 'd',
      label: { 'zh-CN': '交期预警天数', 'en-US': 'Due-date warning', 'fr-FR': 'Alerte d’échéance' },
    },
    // The offcut aging report lists lots kept this many days ago or more (its `minAgeDays`).
    offcutAgeDays: {
      kind: 'int',
      min: 1,
      max: 3650,
      default: 90,
      unit: 'd',
      label: { 'zh-CN': '余料超期天数', 'en-US': 'Offcut aging (days)', 'fr-FR': 'Vieillissement des chutes (jours)' },
    },
    // Released tasks go straight to their machine's queue, or wait for the shift lead to dispatch them.
    dispatchMode: {
      kind: 'enum',
      options: {
        onRelease: {
          'zh-CN': '排程下达时派工',
          'en-US': 'When the schedule is released',
          'fr-FR': 'À la diffusion de l’ordonnancement',
        },
        byShiftLead: { 'zh-CN': '由班组长派工', 'en-US': 'By the shift lead', 'fr-FR': 'Par le chef d’équipe' },
      },
      default: 'onRelease',
      required: true,
      label: { 'zh-CN': '派工方式', 'en-US': 'Dispatch', 'fr-FR': 'Affectation' },
    },
    // Work whose bars are not there (not received, on hold, taken): release and dispatch say so, or refuse.
    materialCheck: {
      kind: 'enum',
      options: {
        warn: {
          'zh-CN': '缺料时提醒',
          'en-US': 'Warn when material is missing',
          'fr-FR': 'Avertir si la matière manque',
        },
        block: {
          'zh-CN': '缺料时禁止',
          'en-US': 'Refuse when material is missing',
          'fr-FR': 'Refuser si la matière manque',
        },
      },
      default: 'warn',
      required: true,
      label: { 'zh-CN': '缺料检查', 'en-US': 'Material check', 'fr-FR': 'Contrôle matière' },
    },
    // A machine in fault this long tells the shift leads, with a proposal to re-plan its work.
    replanAfterFaultMinutes: {
      kind: 'int',
      min: 1,
      max: 1440,
      default: 10,
      required: true,
      label: {
        'zh-CN': '故障多久后建议重排（分钟）',
        'en-US': 'Propose a re-plan after a fault of (min)',
        'fr-FR': 'Proposer une replanification après une panne de (min)',
      },
    },
    // Past those minutes the re-plan waits for a person (`faultReplan`) or is applied by itself.
    replanOnFault: {
      kind: 'enum',
      options: {
        propose: { 'zh-CN': '建议重排，由人应用', 'en-US': 'Propose it', 'fr-FR': 'La proposer' },
        apply: { 'zh-CN': '自动应用重排', 'en-US': 'Apply it by itself', 'fr-FR': 'L’appliquer d’elle-même' },
      },
      default: 'propose',
      required: true,
      label: { 'zh-CN': '故障时的重排', 'en-US': 'Re-plan on a fault', 'fr-FR': 'Replanification sur panne' },
    },
  },
  labelField: 'productName',
  displayField: 'productId',
  unique: [['productId']],
  defaultSort: ['productId'],
  operations: ['update'],
  check: ({ wasteLength, minTailLength }) =>
    typeof wasteLength === 'number' && typeof minTailLength === 'number' && minTailLength < wasteLength
      ? { minTailLength: 'tailBelowWaste' }
      : undefined,
});
