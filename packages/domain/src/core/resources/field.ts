import type { Localized } from '../i18n/locales.ts';

/** Units shown beside numbers; the same symbol in every interface language. */
export type Unit = 'mm' | 'kg/m' | 'MPa' | '%' | 'kg' | 'CNY' | 'd';

type FieldCommon = {
  label: Localized;
  /** A value must be given (code fields always are). */
  required?: boolean;
  /** Computed by the server (never accepted from a client); shown, not edited. */
  readOnly?: boolean;
  /** Hidden from the list and its export (long texts). Shown on forms and detail pages. */
  hiddenInList?: boolean;
  /** Only the equipment maker's (admin) variant of a resource edits it (product settings). */
  makerOnly?: boolean;
};

export type CodeField = FieldCommon & { kind: 'code' };
export type TextField = FieldCommon & { kind: 'text'; max: number; multiline?: boolean };
export type TelephoneField = FieldCommon & { kind: 'telephone' };
export type IntField = FieldCommon & {
  kind: 'int';
  min: number;
  max: number;
  unit?: Unit;
  default?: number;
  /** The list query and page offer an exact-value filter on it (a rebar's diameter). */
  filter?: boolean;
};
export type DecimalField = FieldCommon & {
  kind: 'decimal';
  min: number;
  max: number;
  /** Decimal places stored and accepted. */
  scale: number;
  unit?: Unit;
  default?: number;
};
export type EnumField<V extends string = string> = FieldCommon & {
  kind: 'enum';
  /** Value → label, in display order. */
  options: Record<V, Localized>;
  default?: V;
};
/** `<name>Id` pointing at another resource; items also carry `<name>Name`, the target's display field. */
export type ReferenceField = FieldCommon & {
  kind: 'reference';
  to: string;
  /** The record belongs to the referenced one: it goes when that is deleted instead of blocking it. */
  ownedBy?: boolean;
};
/** Whole numbers such as stock lengths; stored sorted and without repeats. */
export type IntListField = FieldCommon & {
  kind: 'intList';
  min: number;
  max: number;
  maxItems: number;
  unit?: Unit;
  /** The list a new record starts with (empty without one). */
  default?: readonly number[];
};

/** A plant date (`YYYY-MM-DD`, no time or zone): a visit's day, a follow-up date. Sorts; not searched. */
export type DateField = FieldCommon & { kind: 'date' };
/**
 * Records of resource `to` with a quantity each (the spare parts a visit used), stored with the record
 * as `[{ id, quantity }]`, each id once; items also carry each record's display text as `name`.
 */
export type PartListField = FieldCommon & {
  kind: 'partList';
  to: string;
  maxItems: number;
  /** Largest quantity of one entry; quantities are above zero, with at most `scale` decimals. */
  maxQuantity: number;
  scale: number;
};

export type FieldDef =
  | CodeField
  | TextField
  | TelephoneField
  | IntField
  | DecimalField
  | EnumField
  | ReferenceField
  | IntListField
  | DateField
  | PartListField;

export type FieldKind = FieldDef['kind'];

/** Whether an input must carry a value: codes always, others when `required`. Defaults fill absent ones. */
export function isRequired(field: FieldDef): boolean {
  return field.kind === 'code' || field.required === true;
}

/** `techniqueId` → `techniqueName`: the item field carrying the referenced record's display text. */
export function referenceNameField(fieldName: string): string {
  return `${fieldName.replace(/Id$/, '')}Name`;
}

/** Fields a keyword search looks into. */
export function isSearchable(field: FieldDef): boolean {
  return field.kind === 'code' || field.kind === 'text' || field.kind === 'telephone';
}

/** Fields a list sorts by (lists and long texts do not). */
export function isSortable(field: FieldDef): boolean {
  return field.kind !== 'intList' && field.kind !== 'partList' && !(field.kind === 'text' && field.multiline);
}

/** Fields holding a list: they always hold one (empty rather than null). */
export function isListField(field: FieldDef): field is IntListField | PartListField {
  return field.kind === 'intList' || field.kind === 'partList';
}

/** Fields with a filter of their own in the list query and on the list page: choices, and numbers that ask. */
export function isFilterable(field: FieldDef): boolean {
  return field.kind === 'enum' || field.kind === 'reference' || (field.kind === 'int' && field.filter === true);
}
