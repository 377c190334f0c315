import { localizedName, referenceNameField, type FieldDef, type Locale, type PartListEntry } from '@armature/domain';
import { formatNumber } from '../../lib/number-format.ts';
import type { ExportValue } from './export-columns.ts';

/** `Diameter (mm)`: a number field's label carries its unit, so cells show bare numbers. */
export function fieldTitle(field: FieldDef, locale: Locale): string {
  const label = field.label[locale];
  return 'unit' in field && field.unit ? `${label} (${field.unit})` : label;
}

/** The item property a field is shown from: a reference shows its target's display text. */
export function shownProperty(name: string, field: FieldDef): string {
  return field.kind === 'reference' ? referenceNameField(name) : name;
}

/** A record whose `name` has translations (`nameEn`, `nameFr`) beside it. */
function hasTranslatedName(record: Record<string, unknown>): record is { name: string; nameEn?: string | null } {
  return typeof record.name === 'string' && ('nameEn' in record || 'nameFr' in record);
}

/**
 * A field of a record as one cell, for exports and read-only views: numbers stay numbers, choices
 * show their label in the interface language, a translated name shows the interface language's (the
 * base name when it has none), lists are joined with `separator`.
 */
export function fieldValue(
  record: Record<string, unknown>,
  name: string,
  field: FieldDef,
  locale: Locale,
  separator: string,
): ExportValue {
  if (name === 'name' && hasTranslatedName(record)) return localizedName(record, locale);
  const value = record[shownProperty(name, field)];
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'int':
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'enum':
      return (field.options as Record<string, { [L in Locale]: string }>)[String(value)]?.[locale] ?? String(value);
    case 'intList':
      return Array.isArray(value) ? value.join(separator) : String(value);
    case 'partList':
      return Array.isArray(value) && value.length > 0
        ? partListText(value as PartListEntry[], locale, separator)
        : null;
    default:
      return String(value);
  }
}

/** A part list as one line: `剪切上刀片 × 1, 切断刀 × 2` (a record since deleted shows its id). */
export function partListText(entries: readonly PartListEntry[], locale: Locale, separator: string): string {
  return entries.map((entry) => `${entry.name ?? entry.id} × ${formatNumber(entry.quantity, locale)}`).join(separator);
}

/**
 * How a number of the field reads on screen, in the user's number format: decimals to their declared
 * places (`0.888`, `2.000`; `0,888` in French), whole numbers whole.
 */
export function formatFieldNumber(field: FieldDef, value: number, locale: Locale): string {
  return formatNumber(value, locale, field.kind === 'decimal' ? field.scale : field.kind === 'int' ? 0 : undefined);
}
