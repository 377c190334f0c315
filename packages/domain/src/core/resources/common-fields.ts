import type { Locale, Localized } from '../i18n/locales.ts';
import type { CodeField, EnumField, TextField } from './field.ts';

/** Fields many resources share, with their labels in the three languages. */
export const codeField = {
  kind: 'code',
  label: { 'zh-CN': '编码', 'en-US': 'Code', 'fr-FR': 'Code' },
} as const satisfies CodeField;

export const nameField = {
  kind: 'text',
  max: 128,
  required: true,
  label: { 'zh-CN': '名称', 'en-US': 'Name', 'fr-FR': 'Nom' },
} as const satisfies TextField;

/** A translation of `name`: edited on the form, not a list column of its own. */
function translatedNameField(label: Localized) {
  return { kind: 'text', max: 128, hiddenInList: true, label } as const satisfies TextField;
}

/**
 * The name in English and French beside `name` (the base name, Chinese in practice). Readers show the
 * caller's language and fall back to `name` (`localizedName`).
 */
export const nameEnField = translatedNameField({
  'zh-CN': '英文名称',
  'en-US': 'Name (English)',
  'fr-FR': 'Nom (anglais)',
});

export const nameFrField = translatedNameField({
  'zh-CN': '法文名称',
  'en-US': 'Name (French)',
  'fr-FR': 'Nom (français)',
});

/** The translated names a record carries beside `name`. */
export const translatedNameFields = { nameEn: nameEnField, nameFr: nameFrField } as const;

/** A record's name in `locale`: its translation when it has one, else the base `name`. */
export function localizedName(
  record: { name: string; nameEn?: string | null; nameFr?: string | null },
  locale: Locale,
): string {
  const translated = locale === 'en-US' ? record.nameEn : locale === 'fr-FR' ? record.nameFr : undefined;
  return translated?.trim() ? translated : record.name;
}

export const descriptionField = {
  kind: 'text',
  max: 512,
  multiline: true,
  hiddenInList: true,
  label: { 'zh-CN': '描述', 'en-US': 'Description', 'fr-FR': 'Description' },
} as const satisfies TextField;

export const RECORD_STATUS_LABELS = {
  active: { 'zh-CN': '启用', 'en-US': 'Active', 'fr-FR': 'Actif' },
  disabled: { 'zh-CN': '停用', 'en-US': 'Disabled', 'fr-FR': 'Désactivé' },
} as const satisfies Record<string, Localized>;

export const statusField = {
  kind: 'enum',
  options: RECORD_STATUS_LABELS,
  default: 'active',
  label: { 'zh-CN': '状态', 'en-US': 'Status', 'fr-FR': 'Statut' },
} as const satisfies EnumField<'active' | 'disabled'>;
