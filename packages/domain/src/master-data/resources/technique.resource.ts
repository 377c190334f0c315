import type { Localized } from '../../core/i18n/locales.ts';
import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, translatedNameFields } from '../../core/resources/common-fields.ts';

/**
 * Where a technique's inspection characteristics are checked: on raw bars as they are received (the
 * receiving technique: diameter, weight deviation, mill-certificate properties, bend test) or on the
 * pieces a machine task produces (cutting, bending…).
 */
export const TECHNIQUE_STAGES = ['production', 'receipt'] as const;
export type TechniqueStage = (typeof TECHNIQUE_STAGES)[number];
export const TECHNIQUE_STAGE_LABELS = {
  production: { 'zh-CN': '生产过程', 'en-US': 'Production', 'fr-FR': 'Production' },
  receipt: { 'zh-CN': '进场收料', 'en-US': 'Receipt', 'fr-FR': 'Réception' },
} as const satisfies Record<TechniqueStage, Localized>;

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
    stage: {
      kind: 'enum',
      options: TECHNIQUE_STAGE_LABELS,
      default: 'production' as TechniqueStage,
      label: { 'zh-CN': '检验环节', 'en-US': 'Inspected at', 'fr-FR': 'Contrôlée à' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['index', 'code'],
});
