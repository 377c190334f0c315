import { z } from 'zod';
import {
  codeSchema,
  concurrencyTokenSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  pagedResultSchema,
  plainText,
} from '../core/common.schema.ts';

/** A quantity per parent unit: positive, three decimals (metres of cable, kilograms of grease). */
export const bomQuantitySchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => Math.round(value * 1000) === value * 1000, 'decimals');
const positionNoSchema = optionalText(20);
const nameText = plainText().trim().min(1).max(100);

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

// ── Excel import and export ────────────────────────────────────────────────────────────────────

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

// ── Manufacturing BOM ──────────────────────────────────────────────────────────────────────────

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

// ── Digital-twin BOM ───────────────────────────────────────────────────────────────────────────

/** IEC 61131-3 elementary types a PLC signal is read as. */
export const PLC_DATA_TYPES = ['BOOL', 'INT', 'DINT', 'REAL', 'LREAL', 'WORD', 'DWORD', 'STRING'] as const;
/** The telemetry fields (docs/telemetry.md) a signal may feed. */
export const TELEMETRY_FIELDS = ['state', 'pieces', 'good', 'scrap', 'alarm'] as const;

export const plcSignalSchema = z.object({
  /** The PLC address: `DB10.DBD4`, `%MW100`, `ns=2;s=Shear.Strokes`. */
  address: plainText().trim().min(1).max(100),
  dataType: z.enum(PLC_DATA_TYPES),
  unit: optionalText(16),
  telemetryField: z.enum(TELEMETRY_FIELDS).nullish(),
  description: optionalText(200),
});
export type PlcSignal = z.infer<typeof plcSignalSchema>;
/** A signal as answers carry it: the input's transforms cannot run backwards when a response is encoded. */
const plcSignalOutputSchema = plcSignalSchema.extend({
  address: z.string(),
  unit: z.string().nullable(),
  description: z.string().nullable(),
});

/** An element of the machine's digital twin ("shear unit") mapped to a design BOM node and its signals. */
export const twinElementInputSchema = z.object({
  element: nameText,
  designNodeId: idSchema.nullish(),
  signals: z.array(plcSignalSchema).max(100),
  /** Alarm codes (the machine's `…/alarm` codes) this element raises: the board names its part. */
  alarmCodes: z.array(plainText().trim().min(1).max(50)).max(100),
});

/** `POST /api/digitalTwinBOM`, `PUT /api/digitalTwinBOM/{id}`. */
export const digitalTwinBomInputSchema = z.object({
  code: codeSchema,
  name: nameText,
  designBomId: idSchema,
  remark: optionalText(500),
  elements: z.array(twinElementInputSchema).max(500),
  lastModificationTime: concurrencyTokenSchema,
});
export type DigitalTwinBomInput = z.infer<typeof digitalTwinBomInputSchema>;

export const digitalTwinBomSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  designBomId: idSchema,
  designBomCode: z.string(),
  designVersion: z.number().int(),
  remark: z.string().nullable(),
  elements: z.array(
    twinElementInputSchema.extend({
      element: z.string(),
      signals: z.array(plcSignalOutputSchema),
      alarmCodes: z.array(z.string()),
      id: idSchema,
      designNodeId: idSchema.nullable(),
      partId: idSchema.nullable(),
      partCode: z.string().nullable(),
      partName: z.string().nullable(),
      unit: z.string().nullable().optional(),
    }),
  ),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type DigitalTwinBom = z.infer<typeof digitalTwinBomSchema>;
export const digitalTwinBomPageSchema = pagedResultSchema(digitalTwinBomSchema);

// ── PLC task templates ─────────────────────────────────────────────────────────────────────────

export const PLC_PARAMETER_TYPES = ['int', 'decimal', 'text', 'enum'] as const;

/** A template parameter: `length` (int, mm, 100–12000). Names are identifiers the command refers to as `{length}`. */
export const plcParameterSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,31}$/, 'invalid'),
  label: nameText,
  type: z.enum(PLC_PARAMETER_TYPES),
  unit: optionalText(16),
  min: z.number().finite().nullish(),
  max: z.number().finite().nullish(),
  /** `enum` only: the allowed values. */
  options: z.array(plainText().trim().min(1).max(50)).max(50).nullish(),
  required: z.boolean().default(true),
});
export type PlcParameter = z.infer<typeof plcParameterSchema>;
/** A parameter as answers carry it (see `plcSignalOutputSchema`). */
const plcParameterOutputSchema = plcParameterSchema.extend({
  name: z.string(),
  label: z.string(),
  unit: z.string().nullable(),
  options: z.array(z.string()).nullish(),
  required: z.boolean(),
});

/** `POST /api/PLCTask`, `PUT /api/PLCTask/{id}`: a parameterised task template of an equipment model. */
export const plcTaskInputSchema = z.object({
  code: codeSchema,
  name: nameText,
  /** The equipment model (an equipment's `spec`) the template is for. */
  equipmentModel: plainText().trim().min(1).max(100),
  techniqueId: idSchema.nullish(),
  parameters: z.array(plcParameterSchema).max(50),
  /** The command sent to the machine, `{name}` standing for a parameter: `CUT L={length} N={count}`. */
  command: plainText().trim().min(1).max(500),
  description: optionalText(500),
  lastModificationTime: concurrencyTokenSchema,
});
export type PlcTaskInput = z.infer<typeof plcTaskInputSchema>;

export const plcTaskSchema = plcTaskInputSchema.omit({ lastModificationTime: true }).extend({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  equipmentModel: z.string(),
  parameters: z.array(plcParameterOutputSchema),
  command: z.string(),
  techniqueId: idSchema.nullable(),
  techniqueName: z.string().nullable(),
  description: z.string().nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type PlcTask = z.infer<typeof plcTaskSchema>;
export const plcTaskListQuerySchema = listQuerySchema.extend({ equipmentModel: z.string().trim().max(100).optional() });
export const plcTaskPageSchema = pagedResultSchema(plcTaskSchema);

/** `POST /api/PLCTask/{id}/render { values }`: the command with the values filled in, or 400 per parameter. */
export const plcRenderInputSchema = z.object({ values: z.record(z.string(), z.union([z.number(), z.string()])) });
export const plcRenderSchema = z.object({ command: z.string() });

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
