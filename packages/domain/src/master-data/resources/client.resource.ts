import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, statusField } from '../../core/resources/common-fields.ts';

/** A company that runs plants (products). Global; non-admins see only the clients of their products. */
export const clientResource = defineResource({
  name: 'client',
  label: { 'zh-CN': '客户', 'en-US': 'Clients', 'fr-FR': 'Clients' },
  path: 'client',
  page: 'basicConfig.basic.client',
  table: 'clients',
  scope: 'global',
  fields: {
    code: codeField,
    companyName: {
      kind: 'text',
      max: 128,
      required: true,
      label: { 'zh-CN': '公司名称', 'en-US': 'Company name', 'fr-FR': 'Raison sociale' },
    },
    legalRepresentative: {
      kind: 'text',
      max: 64,
      label: { 'zh-CN': '法定代表人', 'en-US': 'Legal representative', 'fr-FR': 'Représentant légal' },
    },
    companyAddress: {
      kind: 'text',
      max: 256,
      label: { 'zh-CN': '公司地址', 'en-US': 'Company address', 'fr-FR': 'Adresse' },
    },
    telephone: { kind: 'telephone', label: { 'zh-CN': '电话', 'en-US': 'Telephone', 'fr-FR': 'Téléphone' } },
    status: statusField,
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'companyName',
  unique: [['code']],
  defaultSort: ['code'],
});
