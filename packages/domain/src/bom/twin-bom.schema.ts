import { z } from 'zod';
import {
  codeSchema,
  concurrencyTokenSchema,
  idSchema,
  optionalText,
  pagedResultSchema,
  plainText,
} from '../core/common.schema.ts';
import { nameText } from './bom-fields.ts';

// The digital-twin BOM: a machine's elements mapped to design BOM nodes and the PLC signals they feed.

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
