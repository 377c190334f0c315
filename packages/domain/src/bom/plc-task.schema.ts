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
import { nameText } from './bom-fields.ts';

// PLC task templates: parameterised commands an equipment model's PLC runs, filled in per task.

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
