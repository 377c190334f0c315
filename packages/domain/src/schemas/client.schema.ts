import { z } from 'zod';
import {
  auditSchema,
  codeSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  recordStatusSchema,
  telephoneSchema,
} from './common.schema.ts';

/** A client is a company that runs plants (products). */
export const clientSchema = z
  .object({
    id: idSchema,
    code: z.string(),
    companyName: z.string(),
    legalRepresentative: z.string().nullable(),
    companyAddress: z.string().nullable(),
    telephone: z.string().nullable(),
    status: recordStatusSchema,
    description: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type Client = z.infer<typeof clientSchema>;

export const clientInputSchema = z.object({
  code: codeSchema,
  companyName: z.string().trim().min(1).max(128),
  legalRepresentative: optionalText(64),
  companyAddress: optionalText(256),
  telephone: telephoneSchema,
  status: recordStatusSchema.default('active'),
  description: optionalText(512),
});
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientListQuerySchema = listQuerySchema.extend({ status: recordStatusSchema.optional() });

/** A product is one processing line / plant of a client; it scopes all plant data. */
export const productSchema = z
  .object({
    id: idSchema,
    code: z.string(),
    name: z.string(),
    clientId: idSchema,
    clientName: z.string(),
    status: recordStatusSchema,
    description: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type Product = z.infer<typeof productSchema>;

export const productInputSchema = z.object({
  code: codeSchema,
  name: z.string().trim().min(1).max(128),
  clientId: idSchema,
  status: recordStatusSchema.default('active'),
  description: optionalText(512),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productListQuerySchema = listQuerySchema.extend({
  clientId: idSchema.optional(),
  status: recordStatusSchema.optional(),
});
