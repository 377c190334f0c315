import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

/** A processing technique: cutting, bending, threading, straightening, welding… (global, maker-side). */
export const techniqueResource = defineResource({
  name: 'technique',
  label: { 'zh-CN': '工艺', 'en-US': 'Techniques', 'fr-FR': 'Techniques' },
  path: 'technique',
  page: 'basicConfig.basic.technique',
  table: 'techniques',
  scope: 'global',
  fields: {
    code: codeField,
    name: nameField,
    ...translatedNameFields,
    index: {
      kind: 'int',
      min: 0,
      max: 9999,
      default: 0,
      label: { 'zh-CN': '排序', 'en-US': 'Sort order', 'fr-FR': "Ordre d'affichage" },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['index', 'code'],
});
