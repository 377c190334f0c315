import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

/** A kind of product (processing line): cutting line, bending centre… (global, maker-side). */
export const productTypeResource = defineResource({
  name: 'productType',
  label: { 'zh-CN': '产品类型', 'en-US': 'Product types', 'fr-FR': 'Types de produit' },
  path: 'productType',
  page: 'basicConfig.basic.productType',
  table: 'product_types',
  scope: 'global',
  fields: { code: codeField, name: nameField, ...translatedNameFields, description: descriptionField },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
