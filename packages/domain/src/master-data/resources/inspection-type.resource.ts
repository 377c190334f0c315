import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

const tolerance = (label: { 'zh-CN': string; 'en-US': string; 'fr-FR': string }) =>
  ({ kind: 'decimal', min: -100000, max: 100000, scale: 3, label }) as const;

/** An inspection characteristic of a technique, with its nominal value and tolerances (global). */
export const inspectionTypeResource = defineResource({
  name: 'inspectionType',
  label: { 'zh-CN': '检验特性', 'en-US': 'Inspection characteristics', 'fr-FR': "Caractéristiques d'inspection" },
  // docs/spec.md §10.1 API paths spells the path so; the correct spelling is an alias.
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
