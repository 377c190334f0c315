import { defineResource } from '../../core/resources/define-resource.ts';
import { nominalUnitWeight, rebarSpecName } from '../rebar-weight.ts';
import { descriptionField } from '../../core/resources/common-fields.ts';
import { gradeField } from './rebar-material.resource.ts';

/** A rebar spec of a plant: grade and diameter, its mass per metre and the bar lengths it is bought in (per product). */
export const rebarResource = defineResource({
  name: 'rebar',
  label: { 'zh-CN': '钢筋规格', 'en-US': 'Rebar specs', 'fr-FR': "Spécifications d'armatures" },
  path: 'rebar',
  page: 'basicConfig.spec.rebar',
  table: 'rebars',
  scope: 'product',
  fields: {
    name: {
      kind: 'text',
      max: 64,
      required: true,
      readOnly: true,
      label: { 'zh-CN': '规格', 'en-US': 'Spec', 'fr-FR': 'Spécification' },
    },
    grade: gradeField,
    diameter: {
      kind: 'int',
      min: 4,
      max: 60,
      unit: 'mm',
      required: true,
      filter: true,
      label: { 'zh-CN': '直径', 'en-US': 'Diameter', 'fr-FR': 'Diamètre' },
    },
    unitWeight: {
      kind: 'decimal',
      min: 0.001,
      max: 100,
      scale: 3,
      unit: 'kg/m',
      label: { 'zh-CN': '理论重量', 'en-US': 'Unit weight', 'fr-FR': 'Masse linéique' },
    },
    rebarMaterialId: {
      kind: 'reference',
      to: 'rebarMaterial',
      label: { 'zh-CN': '材质', 'en-US': 'Material', 'fr-FR': 'Matériau' },
    },
    stockLengths: {
      kind: 'intList',
      min: 1000,
      max: 20000,
      maxItems: 10,
      unit: 'mm',
      label: { 'zh-CN': '定尺长度', 'en-US': 'Stock lengths', 'fr-FR': 'Longueurs commerciales' },
    },
    // Stock keepers are told when this spec's free raw stock falls below it (none: never).
    minStock: {
      kind: 'decimal',
      min: 0,
      max: 10_000_000,
      scale: 3,
      unit: 'kg',
      label: { 'zh-CN': '最低库存', 'en-US': 'Minimum stock', 'fr-FR': 'Stock minimal' },
    },
    // The minimum reusable offcut and the waste length of this spec (a Φ8 and a Φ32 differ);
    // none: the product setting's. Cutting plans copy them when made (`cut_plan.thresholds`).
    minTailLength: {
      kind: 'int',
      min: 0,
      max: 12000,
      unit: 'mm',
      label: { 'zh-CN': '最小可用余料', 'en-US': 'Minimum reusable tail', 'fr-FR': 'Chute réutilisable minimale' },
    },
    wasteLength: {
      kind: 'int',
      min: 0,
      max: 12000,
      unit: 'mm',
      label: { 'zh-CN': '废料长度', 'en-US': 'Waste length', 'fr-FR': 'Longueur de rebut' },
    },
    description: descriptionField,
  },
  labelField: 'name',
  displayField: 'name',
  unique: [['grade', 'diameter']],
  defaultSort: ['grade', 'diameter'],
  // The nominal unit weight fills in when none is given (GB/T 1499.2; 0.0061654·d² otherwise).
  check: ({ wasteLength, minTailLength }) =>
    typeof wasteLength === 'number' && typeof minTailLength === 'number' && minTailLength < wasteLength
      ? { minTailLength: 'tailBelowWaste' }
      : undefined,
  derive: ({ grade, diameter, unitWeight }) =>
    typeof diameter === 'number'
      ? {
          name: rebarSpecName(String(grade ?? ''), diameter),
          unitWeight: typeof unitWeight === 'number' ? unitWeight : nominalUnitWeight(diameter),
        }
      : {},
});
