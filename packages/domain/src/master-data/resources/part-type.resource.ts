import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

/** A kind of machine part in the parts library: motor, blade, sensor… (global, maker-side). */
export const partTypeResource = defineResource({
  name: 'partType',
  label: { 'zh-CN': '零件类型', 'en-US': 'Part types', 'fr-FR': 'Types de pièce' },
  path: 'partType',
  page: 'basicConfig.basic.partType',
  table: 'part_types',
  scope: 'global',
  fields: { code: codeField, name: nameField, ...translatedNameFields, description: descriptionField },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
