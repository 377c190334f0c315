import type { Localized } from '../../core/i18n/locales.ts';
import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

const tolerance = (label: { 'zh-CN': string; 'en-US': string; 'fr-FR': string }) =>
  ({ kind: 'decimal', min: -100000, max: 100000, scale: 3, label }) as const;

/**
 * How a check of the characteristic is judged (packages/domain/src/quality/evaluate-check.ts):
 * - `measured`: the value against standard value + lower/upper tolerance;
 * - `weightDeviation`: computed from a measured mass and length against the spec's nominal kg/m, within
 *   GB/T 1499.2's band for the diameter (±6 % for 6–12 mm, ±5 % for 14–20 mm, ±4 % for 22–50 mm);
 * - `minYield`, `minTensile`, `minElongation`: a mill-certificate value, at least the rebar material's;
 * - `passFail`: a yes/no result, such as a bend test.
 */
export const INSPECTION_METHODS = [
  'measured',
  'weightDeviation',
  'minYield',
  'minTensile',
  'minElongation',
  'passFail',
] as const;
export type InspectionMethod = (typeof INSPECTION_METHODS)[number];
export const INSPECTION_METHOD_LABELS = {
  measured: { 'zh-CN': '实测值与公差', 'en-US': 'Measured against tolerance', 'fr-FR': 'Mesure et tolérance' },
  weightDeviation: {
    'zh-CN': '重量偏差（GB/T 1499.2）',
    'en-US': 'Weight deviation (GB/T 1499.2)',
    'fr-FR': 'Écart de masse (GB/T 1499.2)',
  },
  minYield: {
    'zh-CN': '不低于牌号屈服强度',
    'en-US': 'At least the grade’s yield strength',
    'fr-FR': 'Au moins la limite d’élasticité de la nuance',
  },
  minTensile: {
    'zh-CN': '不低于牌号抗拉强度',
    'en-US': 'At least the grade’s tensile strength',
    'fr-FR': 'Au moins la résistance à la traction de la nuance',
  },
  minElongation: {
    'zh-CN': '不低于牌号伸长率',
    'en-US': 'At least the grade’s elongation',
    'fr-FR': 'Au moins l’allongement de la nuance',
  },
  passFail: { 'zh-CN': '合格/不合格', 'en-US': 'Pass or fail', 'fr-FR': 'Conforme ou non' },
} as const satisfies Record<InspectionMethod, Localized>;

/** An inspection characteristic of a technique, with its nominal value and tolerances (global). */
export const inspectionTypeResource = defineResource({
  name: 'inspectionType',
  label: { 'zh-CN': '检验特性', 'en-US': 'Inspection characteristics', 'fr-FR': "Caractéristiques d'inspection" },
  // The specification spells the API path so; the correct spelling is an alias.
  path: 'ispectionType',
  aliases: ['inspectionType'],
  page: 'basicConfig.basic.inspectionType',
  table: 'inspection_types',
  scope: 'global',
  fields: {
    code: codeField,
    name: nameField,
    ...translatedNameFields,
    techniqueId: {
      kind: 'reference',
      to: 'technique',
      label: { 'zh-CN': '工艺', 'en-US': 'Technique', 'fr-FR': 'Technique' },
    },
    method: {
      kind: 'enum',
      options: INSPECTION_METHOD_LABELS,
      default: 'measured' as InspectionMethod,
      label: { 'zh-CN': '判定方法', 'en-US': 'Judged by', 'fr-FR': 'Jugée selon' },
    },
    unit: { kind: 'text', max: 16, label: { 'zh-CN': '单位', 'en-US': 'Unit', 'fr-FR': 'Unité' } },
    standardValue: tolerance({ 'zh-CN': '标准值', 'en-US': 'Standard value', 'fr-FR': 'Valeur nominale' }),
    lowerTolerance: tolerance({ 'zh-CN': '下偏差', 'en-US': 'Lower tolerance', 'fr-FR': 'Tolérance inférieure' }),
    upperTolerance: tolerance({ 'zh-CN': '上偏差', 'en-US': 'Upper tolerance', 'fr-FR': 'Tolérance supérieure' }),
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
  check: ({ lowerTolerance, upperTolerance }) =>
    typeof lowerTolerance === 'number' && typeof upperTolerance === 'number' && lowerTolerance > upperTolerance
      ? { lowerTolerance: 'toleranceOrder' }
      : undefined,
});
