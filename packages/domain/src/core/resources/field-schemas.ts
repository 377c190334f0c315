import { z } from 'zod';
import { codeSchema, idSchema, optionalText, plainText, telephoneSchema } from '../common.schema.ts';
import { isListField, isRequired, type DecimalField, type FieldDef, type PartListField } from './field.ts';

/** Empty form values and explicit nulls mean "no value". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Absent optional values are stored as null, so "cleared" and "never set" read the same. */
function optional<T extends z.ZodType>(schema: T, field: FieldDef) {
  const base = z.preprocess(blankToUndefined, schema.optional());
  if ('default' in field && field.default !== undefined) return base.transform((value) => value ?? field.default);
  if (isRequired(field)) return z.preprocess(blankToUndefined, schema);
  return base.transform((value) => value ?? null);
}

function hasScale(value: number, scale: number): boolean {
  const scaled = value * 10 ** scale;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

function decimalSchema(field: DecimalField) {
  return z
    .number()
    .min(field.min)
    .max(field.max)
    .refine((value) => hasScale(value, field.scale), `decimals:${field.scale}`);
}

/** A plant date: `YYYY-MM-DD` of a real calendar day. */
export const plantDateSchema = z.iso.date();

/** One entry of a part list as sent: the record and how many. */
function partEntrySchema(field: PartListField) {
  return z.object({
    id: idSchema,
    quantity: z
      .number()
      .gt(0)
      .max(field.maxQuantity)
      .refine((value) => hasScale(value, field.scale), `decimals:${field.scale}`),
  });
}

/** A part list: each record once (a repeat is refused on the repeat, not merged: its quantity is ambiguous). */
function partListSchema(field: PartListField) {
  const list = z
    .array(partEntrySchema(field))
    .min(field.required ? 1 : 0)
    .max(field.maxItems)
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: 'duplicate' });
        seen.add(entry.id);
      });
    });
  return z.preprocess((value) => value ?? [], list);
}

/** What a client may send for the field. */
export function inputSchemaOf(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'code':
      return codeSchema;
    case 'text':
      return field.required ? plainText().trim().min(1).max(field.max) : optionalText(field.max);
    case 'telephone':
      return telephoneSchema;
    case 'int':
      return optional(z.number().int().min(field.min).max(field.max), field);
    case 'decimal':
      return optional(decimalSchema(field), field);
    case 'enum':
      return optional(z.enum(Object.keys(field.options) as [string, ...string[]]), field);
    case 'reference':
      return optional(idSchema, field);
    case 'intList': {
      const list = z
        .array(z.number().int().min(field.min).max(field.max))
        .min(field.required ? 1 : 0)
        .max(field.maxItems);
      return z
        .preprocess((value) => value ?? field.default ?? [], list)
        .transform((values) => [...new Set(values)].sort((a, b) => a - b));
    }
    case 'date':
      return optional(plantDateSchema, field);
    case 'partList':
      return partListSchema(field);
  }
}

/** What the API returns for the field. */
export function itemSchemaOf(field: FieldDef): z.ZodType {
  const nullable = !isRequired(field) && !('default' in field && field.default !== undefined);
  const value = (() => {
    switch (field.kind) {
      case 'int':
        return z.number().int();
      case 'decimal':
        return z.number();
      case 'enum':
        return z.enum(Object.keys(field.options) as [string, ...string[]]);
      case 'reference':
        return idSchema;
      case 'intList':
        return z.array(z.number().int());
      case 'partList':
        return z.array(z.object({ id: idSchema, quantity: z.number(), name: z.string().nullable() }));
      default:
        return z.string();
    }
  })();
  return nullable && !isListField(field) ? value.nullable() : value;
}

/** The list-query parameter filtering by the field: exact value of a choice, a reference or a number. */
export function filterSchemaOf(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'enum':
      return z.enum(Object.keys(field.options) as [string, ...string[]]).optional();
    case 'reference':
      return idSchema.optional();
    case 'int':
      return z.coerce.number().int().optional();
    default:
      return plainText().trim().max(128).optional();
  }
}
