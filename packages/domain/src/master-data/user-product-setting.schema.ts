import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';

/** The longest waste length a user may set for themselves (mm), as product settings allow. */
export const MAX_USER_WASTE_LENGTH = 12000;

/**
 * A user's own settings in their current product. `id` is null while they have set nothing (the
 * row is created by the first update); null values mean "the product's setting applies".
 */
export const userProductSettingSchema = z.object({
  id: idSchema.nullable(),
  productId: idSchema,
  wasteLength: z.number().int().nullable(),
  creationTime: z.string().nullable(),
  lastModificationTime: z.string().nullable(),
});
export type UserProductSetting = z.infer<typeof userProductSettingSchema>;

export const userProductSettingInputSchema = z.object({
  // Absent or null: back to the product's value.
  wasteLength: z
    .number()
    .int()
    .min(0)
    .max(MAX_USER_WASTE_LENGTH)
    .nullish()
    .transform((value) => value ?? null),
});
export type UserProductSettingInput = z.infer<typeof userProductSettingInputSchema>;

/** The waste length the cutting optimizer uses for the caller, and where it comes from. */
export const wasteLengthSchema = z.object({
  wasteLength: z.number().int(),
  source: z.enum(['user', 'product']),
});
export type WasteLength = z.infer<typeof wasteLengthSchema>;
