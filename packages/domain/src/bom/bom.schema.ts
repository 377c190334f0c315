import { z } from 'zod';
import {
  codeSchema,
  concurrencyTokenSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  pagedResultSchema,
} from '../core/common.schema.ts';
import { bomQuantitySchema, nameText, positionNoSchema } from './bom-fields.ts';

// The design BOM: versions, the node tree, comparison, and where a part is used. The Excel import, the
// manufacturing BOM, the digital-twin BOM and the PLC task templates have their own files.

// ── Design BOM ─────────────────────────────────────────────────────────────────────────────────

/** draft → released (frozen, read-only) → obsolete (a newer version was released). */
export const DESIGN_BOM_STATUSES = ['draft', 'released', 'obsolete'] as const;
export const designBomStatusSchema = z.enum(DESIGN_BOM_STATUSES);
export type DesignBomStatus = z.infer<typeof designBomStatusSchema>;

/** `POST /api/designBOM`: version 1 of a new BOM, whose root node is `partId` (quantity 1). */
export const designBomInputSchema = z.object({
  code: codeSchema,
  name: nameText,
  productTypeId: idSchema.nullish(),
  partId: idSchema,
  remark: optionalText(500),
});
export type DesignBomInput = z.infer<typeof designBomInputSchema>;

/** `PUT /api/designBOM/{id}`: a draft's header (409 `bom_released` once released). */
export const designBomUpdateSchema = z.object({
  name: nameText,
  productTypeId: idSchema.nullish(),
  remark: optionalText(500),
  lastModificationTime: concurrencyTokenSchema,
});
export type DesignBomUpdate = z.infer<typeof designBomUpdateSchema>;

export const designBomSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  version: z.number().int(),
  status: designBomStatusSchema,
  productTypeId: idSchema.nullable(),
  productTypeName: z.string().nullable(),
  /** The root part (the machine model as a part). */
  partId: idSchema,
  partCode: z.string(),
  partName: z.string(),
  nodeCount: z.number().int(),
  /** The version this one was copied from, if any. */
  basedOnId: idSchema.nullable(),
  remark: z.string().nullable(),
  releasedAt: z.string().nullable(),
  releasedByName: z.string().nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type DesignBom = z.infer<typeof designBomSchema>;

export const DESIGN_BOM_SORTS = ['code', 'name', 'version', 'status', 'creationTime'] as const;
export const designBomListQuerySchema = listQuerySchema.extend({
  status: designBomStatusSchema.optional(),
  productTypeId: idSchema.optional(),
  /** Only the newest version of each code. */
  latestOnly: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type DesignBomListQuery = z.infer<typeof designBomListQuerySchema>;
export const designBomPageSchema = pagedResultSchema(designBomSchema);

/**
 * A node as trees show it. `rolledQuantity` is how many of the part one top-level unit needs (the
 * product of the quantities from the root down); `rolledWeight` (kg) and `rolledCost` are that times
 * the part's weight and unit price, plus those of everything below it (null parts of the figures count 0).
 */
export const bomNodeSchema = z.object({
  id: idSchema,
  parentId: idSchema.nullable(),
  partId: idSchema,
  partCode: z.string(),
  partName: z.string(),
  partUnit: z.string(),
  quantity: z.number(),
  positionNo: z.string().nullable(),
  remark: z.string().nullable(),
  depth: z.number().int(),
  sortIndex: z.number().int(),
  childCount: z.number().int(),
  rolledQuantity: z.number(),
  rolledWeight: z.number(),
  rolledCost: z.number(),
});
export type BomNode = z.infer<typeof bomNodeSchema>;

/** `GET /api/designBOM/{id}`: the header and the whole tree, depth-first (pre-order). */
export const designBomDetailSchema = designBomSchema.extend({
  nodes: z.array(bomNodeSchema),
  totals: z.object({ weight: z.number(), cost: z.number(), distinctParts: z.number().int() }),
});
export type DesignBomDetail = z.infer<typeof designBomDetailSchema>;

/** `GET /api/designBOM/{id}/children/{nodeId}`: a node's subtree, pre-order, figures per top-level unit. */
export const bomSubtreeSchema = z.object({
  bomId: idSchema,
  node: bomNodeSchema,
  /** The node's ancestors, root first (the breadcrumb). */
  path: z.array(z.object({ id: idSchema, partCode: z.string(), partName: z.string() })),
  nodes: z.array(bomNodeSchema),
});
export type BomSubtree = z.infer<typeof bomSubtreeSchema>;

/** `POST /api/designBOM/{id}/nodes`: a child under `parentNodeId`, appended after its siblings. */
export const bomNodeInputSchema = z.object({
  parentNodeId: idSchema,
  partId: idSchema,
  quantity: bomQuantitySchema,
  positionNo: positionNoSchema,
  remark: optionalText(200),
});
export type BomNodeInput = z.infer<typeof bomNodeInputSchema>;

/** `PUT /api/designBOM/{id}/nodes/{nodeId}`: quantity, position number, remark (the root's quantity stays 1). */
export const bomNodeUpdateSchema = z.object({
  quantity: bomQuantitySchema,
  positionNo: positionNoSchema,
  remark: optionalText(200),
});
export type BomNodeUpdate = z.infer<typeof bomNodeUpdateSchema>;

/** `POST /api/designBOM/{id}/nodes/{nodeId}/move`: under `parentNodeId` at `index` among its children (a drag). */
export const bomNodeMoveSchema = z.object({
  parentNodeId: idSchema,
  index: z.number().int().min(0).max(100_000),
});
export type BomNodeMove = z.infer<typeof bomNodeMoveSchema>;

/** `GET /api/designBOM/compare?left&right`: two versions (or BOMs) side by side, matched by part path. */
export const bomCompareQuerySchema = z.object({ left: idSchema, right: idSchema });
export const BOM_CHANGES = ['added', 'removed', 'changed', 'same'] as const;
export const bomCompareSchema = z.object({
  left: designBomSchema,
  right: designBomSchema,
  rows: z.array(
    z.object({
      /** Part codes from the root's child down to the node. */
      path: z.array(z.string()),
      partCode: z.string(),
      partName: z.string(),
      leftQuantity: z.number().nullable(),
      rightQuantity: z.number().nullable(),
      change: z.enum(BOM_CHANGES),
    }),
  ),
  summary: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
});
export type BomCompare = z.infer<typeof bomCompareSchema>;
// ── Parts: attachments and where-used ──────────────────────────────────────────────────────────

/** `GET /api/spareOarts/{id}/where-used`: the BOMs (every version) whose trees use the part. */
export const partWhereUsedSchema = z.object({
  designBoms: z.array(
    z.object({
      id: idSchema,
      code: z.string(),
      name: z.string(),
      version: z.number().int(),
      status: designBomStatusSchema,
      /** Nodes of that BOM using the part and their summed rolled quantity per top-level unit. */
      occurrences: z.number().int(),
      rolledQuantity: z.number(),
    }),
  ),
  makeBoms: z.array(z.object({ id: idSchema, code: z.string(), name: z.string() })),
});
export type PartWhereUsed = z.infer<typeof partWhereUsedSchema>;
