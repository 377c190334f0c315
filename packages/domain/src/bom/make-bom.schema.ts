import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, pagedResultSchema } from '../core/common.schema.ts';
import { bomNodeSchema } from './bom.schema.ts';

// The manufacturing BOM: a released design BOM's tree with the process data to make each part.

export const MAKE_OR_BUY = ['make', 'buy'] as const;
export const makeOrBuySchema = z.enum(MAKE_OR_BUY);

/** `POST /api/makeBOM`: derived from a released design BOM (its tree copied; process data to fill in). */
export const makeBomDeriveSchema = z.object({ designBomId: idSchema });

export const makeBomSchema = z.object({
  id: idSchema,
  /** The design BOM's code and version: `CUTTER-200 v2`. */
  code: z.string(),
  name: z.string(),
  designBomId: idSchema,
  designVersion: z.number().int(),
  nodeCount: z.number().int(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type MakeBom = z.infer<typeof makeBomSchema>;
export const makeBomListQuerySchema = listQuerySchema.extend({ designBomId: idSchema.optional() });
export const makeBomPageSchema = pagedResultSchema(makeBomSchema);

export const makeBomNodeSchema = bomNodeSchema.extend({
  techniqueIds: z.array(idSchema),
  techniqueNames: z.array(z.string()),
  /** The step in the routing (10, 20, 30…). */
  sequence: z.number().int().nullable(),
  /** The equipment model that does the work (an equipment's `spec`). */
  workCentre: z.string().nullable(),
  makeOrBuy: makeOrBuySchema,
});
export type MakeBomNode = z.infer<typeof makeBomNodeSchema>;
export const makeBomDetailSchema = makeBomSchema.extend({ nodes: z.array(makeBomNodeSchema) });
export type MakeBomDetail = z.infer<typeof makeBomDetailSchema>;

/** `PUT /api/makeBOM/{id}/nodes/{nodeId}`: a node's process data. */
export const makeBomNodeUpdateSchema = z.object({
  techniqueIds: z.array(idSchema).max(20),
  sequence: z.number().int().min(0).max(100_000).nullish(),
  workCentre: optionalText(100),
  makeOrBuy: makeOrBuySchema,
});
export type MakeBomNodeUpdate = z.infer<typeof makeBomNodeUpdateSchema>;
