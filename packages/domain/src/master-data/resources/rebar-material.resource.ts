import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';
import type { TextField } from '../../core/resources/field.ts';

const strength = (label: { 'zh-CN': string; 'en-US': string; 'fr-FR': string }) =>
  ({ kind: 'int', min: 0, max: 3000, unit: 'MPa', label }) as const;

/** The steel grade of a bar (`HRB400E`); rebar specs name their material by it. */
export const gradeField = {
  kind: 'text',
  max: 16,
  required: true,
  label: { 'zh-CN': '牌号', 'en-US': 'Grade', 'fr-FR': 'Nuance' },
} as const satisfies TextField;

/** A steel material of a plant: grade, standard and mechanical properties (per product). */
export const rebarMaterialResource = defineResource({
  name: 'rebarMaterial',
  label: { 'zh-CN': '钢筋材质', 'en-US': 'Rebar materials', 'fr-FR': "Matériaux d'armatures" },
  path: 'rebarMaterial',
  page: 'basicConfig.spec.rebarMaterial',
  table: 'rebar_materials',
  scope: 'product',
  fields: {
    code: codeField,
    name: nameField,
    ...translatedNameFields,
    grade: gradeField,
    standard: { kind: 'text', max: 64, label: { 'zh-CN': '执行标准', 'en-US': 'Standard', 'fr-FR': 'Norme' } },
    yieldStrength: strength({ 'zh-CN': '屈服强度', 'en-US': 'Yield strength', 'fr-FR': "Limite d'élasticité" }),
    tensileStrength: strength({
      'zh-CN': '抗拉强度',
      'en-US': 'Tensile strength',
      'fr-FR': 'Résistance à la traction',
    }),
    elongation: {
      kind: 'decimal',
      min: 0,
      max: 100,
      scale: 1,
      unit: '%',
      label: { 'zh-CN': '断后伸长率', 'en-US': 'Elongation', 'fr-FR': 'Allongement' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
