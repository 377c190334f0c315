import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, statusField } from '../../core/resources/common-fields.ts';

/** One processing line / plant of a client; it scopes all plant data. */
export const productResource = defineResource({
  name: 'product',
  label: { 'zh-CN': '产品', 'en-US': 'Products', 'fr-FR': 'Produits' },
  path: 'product',
  page: 'basicConfig.basic.product',
  table: 'products',
  scope: 'global',
  fields: {
    code: codeField,
    name: nameField,
    clientId: {
      kind: 'reference',
      to: 'client',
      required: true,
      label: { 'zh-CN': '客户', 'en-US': 'Client', 'fr-FR': 'Client' },
    },
    productTypeId: {
      kind: 'reference',
      to: 'productType',
      label: { 'zh-CN': '产品类型', 'en-US': 'Product type', 'fr-FR': 'Type de produit' },
    },
    status: statusField,
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
