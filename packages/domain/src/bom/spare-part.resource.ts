import { defineResource } from '../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField } from '../core/resources/common-fields.ts';

const text = (max: number, label: { 'zh-CN': string; 'en-US': string; 'fr-FR': string }) =>
  ({ kind: 'text', max, label }) as const;

/**
 * A part of the machines the maker builds (global, maker-side): what design BOMs are made of. Its
 * pictures and drawings are attached files (`/api/spareOarts/{id}/attachments`).
 */
export const sparePartResource = defineResource({
  name: 'sparePart',
  label: { 'zh-CN': '零件库', 'en-US': 'Parts library', 'fr-FR': 'Bibliothèque de pièces' },
  // The specification spells the route so; the correct spelling is an alias.
  path: 'spareOarts',
  aliases: ['spareParts'],
  page: 'superAdmin.BOMCenter.spareOarts',
  // The maker's parts and prices: their options are for those who read the parts library.
  optionsAccess: 'superAdmin.BOMCenter.spareOarts',
  table: 'spare_parts',
  scope: 'global',
  fields: {
    code: codeField,
    name: nameField,
    partTypeId: {
      kind: 'reference',
      to: 'partType',
      label: { 'zh-CN': '零件类型', 'en-US': 'Part type', 'fr-FR': 'Type de pièce' },
    },
    specification: text(100, { 'zh-CN': '规格型号', 'en-US': 'Specification', 'fr-FR': 'Spécification' }),
    material: text(50, { 'zh-CN': '材质', 'en-US': 'Material', 'fr-FR': 'Matériau' }),
    unit: { kind: 'text', max: 16, required: true, label: { 'zh-CN': '单位', 'en-US': 'Unit', 'fr-FR': 'Unité' } },
    figureNo: text(50, { 'zh-CN': '图号', 'en-US': 'Drawing number', 'fr-FR': 'N° de plan' }),
    supplier: text(100, { 'zh-CN': '供应商', 'en-US': 'Supplier', 'fr-FR': 'Fournisseur' }),
    unitPrice: {
      kind: 'decimal',
      min: 0,
      max: 100_000_000,
      scale: 2,
      unit: 'CNY',
      label: { 'zh-CN': '单价', 'en-US': 'Unit price', 'fr-FR': 'Prix unitaire' },
    },
    weight: {
      kind: 'decimal',
      min: 0,
      max: 1_000_000,
      scale: 3,
      unit: 'kg',
      label: { 'zh-CN': '重量', 'en-US': 'Weight', 'fr-FR': 'Masse' },
    },
    leadTimeDays: {
      kind: 'int',
      min: 0,
      max: 3650,
      unit: 'd',
      label: { 'zh-CN': '采购周期', 'en-US': 'Lead time', 'fr-FR': 'Délai d’approvisionnement' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
