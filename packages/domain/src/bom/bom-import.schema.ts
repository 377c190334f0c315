import { z } from 'zod';
import { codeSchema, idSchema, optionalText } from '../core/common.schema.ts';
import { bomQuantitySchema, positionNoSchema } from './bom-fields.ts';

// The Excel sheet a design BOM is exported to and imported from.

/**
 * The sheet of `GET /api/designBOM/{id}/export` and of imports: one row per node, pre-order, with its
 * level (root 0) and the part code indented by level in the name column; imports read the level
 * number, or the indentation of the code when the level column is empty.
 */
export const BOM_IMPORT_PROBLEMS = [
  'unknown_part',
  'bad_quantity',
  'bad_level',
  'level_jump',
  'cycle',
  'root_mismatch',
  'missing_value',
] as const;
export type BomImportProblem = (typeof BOM_IMPORT_PROBLEMS)[number];

export const bomImportLineSchema = z.object({
  /** The sheet row (1-based, header included). */
  row: z.number().int(),
  level: z.number().int().nullable(),
  partCode: z.string(),
  partId: idSchema.nullable(),
  partName: z.string().nullable(),
  quantity: z.number().nullable(),
  positionNo: z.string().nullable(),
  remark: z.string().nullable(),
  problems: z.array(z.object({ code: z.enum(BOM_IMPORT_PROBLEMS), field: z.string().optional() })),
});
export type BomImportLine = z.infer<typeof bomImportLineSchema>;

/** `POST /api/designBOM/{id}/import/preview` (multipart .xlsx): the lines with their problems; nothing saved. */
export const bomImportPreviewSchema = z.object({
  lines: z.array(bomImportLineSchema),
  errorCount: z.number().int(),
});
export type BomImportPreview = z.infer<typeof bomImportPreviewSchema>;

/** `POST /api/designBOM/{id}/import`: replaces a draft's nodes under the root with these lines (checked again). */
export const bomImportApplySchema = z.object({
  lines: z
    .array(
      z.object({
        level: z.number().int().min(1).max(50),
        partCode: codeSchema,
        quantity: bomQuantitySchema,
        positionNo: positionNoSchema,
        remark: optionalText(200),
      }),
    )
    .max(20_000),
});
export type BomImportApply = z.infer<typeof bomImportApplySchema>;
