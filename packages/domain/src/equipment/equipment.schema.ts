import { z } from 'zod';
import {
  concurrencyTokenSchema,
  idSchema,
  listQuerySchema,
  optionalText,
  pagedResultSchema,
  plainText,
} from '../core/common.schema.ts';
import { isoDateSchema } from '../stock/index.ts';
import { OPERATION_STATUSES, SALE_STATUSES } from './equipment-status.ts';
import { DEFAULT_SHIFT_CALENDAR, shiftCalendarSchema } from './shift-calendar.ts';
import { DEFAULT_CHANGEOVER_MATRIX, changeoverMatrixSchema } from './changeover.ts';
import { ALARM_SEVERITIES, MACHINE_MODES, isTopicLevel } from './telemetry.ts';

export const operationStatusSchema = z.enum(OPERATION_STATUSES);
export const saleStatusSchema = z.enum(SALE_STATUSES);

/** Largest rebar a machine of a plant takes (mm); the range is checked against the specs it works. */
export const MAX_MACHINE_DIAMETER = 50;

export const THROUGHPUT_UNITS = ['piecesPerHour', 'kgPerHour'] as const;
export type ThroughputUnit = (typeof THROUGHPUT_UNITS)[number];

/** How fast a machine works rebar of diameters [diameterFrom, diameterTo] (scheduling reads it). */
export const throughputBandSchema = z
  .object({
    diameterFrom: z.number().int().min(4).max(MAX_MACHINE_DIAMETER),
    diameterTo: z.number().int().min(4).max(MAX_MACHINE_DIAMETER),
    rate: z.number().positive().max(1_000_000),
    unit: z.enum(THROUGHPUT_UNITS),
  })
  .refine((band) => band.diameterFrom <= band.diameterTo, { message: 'rangeOrder', path: ['diameterTo'] });
export type ThroughputBand = z.infer<typeof throughputBandSchema>;

/** A serial number is a topic level of the machine's telemetry, so it has a topic level's characters. */
export const serialNumberSchema = plainText()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => isTopicLevel(value), 'invalid');

export const MAX_CONCURRENT_TASKS = 20;

/**
 * The fields a plant keeps up for its own machines (the normal variant edits these only): which of the
 * client's lines it is installed on, what it can do and when it works.
 */
const plantFields = {
  /** The product line (processing line) it is installed on; a line of its client. */
  productId: idSchema.nullish().transform((value) => value ?? null),
  techniqueIds: z.array(idSchema).max(20).default([]),
  diameterMin: z
    .number()
    .int()
    .min(4)
    .max(MAX_MACHINE_DIAMETER)
    .nullish()
    .transform((v) => v ?? null),
  diameterMax: z
    .number()
    .int()
    .min(4)
    .max(MAX_MACHINE_DIAMETER)
    .nullish()
    .transform((v) => v ?? null),
  /** Pieces per hour at the ideal cycle time: OEE's performance is measured against it. */
  idealRate: z
    .number()
    .positive()
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  throughput: z.array(throughputBandSchema).max(20).default([]),
  /** Tasks it may run at once (a line with several heads more than one); a start beyond them is refused. */
  concurrentTasks: z.number().int().min(1).max(MAX_CONCURRENT_TASKS).default(1),
  shiftCalendar: shiftCalendarSchema.default(DEFAULT_SHIFT_CALENDAR),
  /** Setup times between jobs, which the scheduler charges. */
  changeover: changeoverMatrixSchema.default(DEFAULT_CHANGEOVER_MATRIX),
  remark: optionalText(500),
};

/** The maker's fields: what the machine is and to whom it went. */
const makerFields = {
  serialNumber: serialNumberSchema,
  name: plainText().trim().min(1).max(100),
  /** The model (`GJW-16 shear line`). */
  spec: plainText().trim().min(1).max(100),
  /** Drawing number. */
  figureNo: optionalText(64),
  productTypeId: idSchema.nullish().transform((value) => value ?? null),
  /** The client it was sold or leased to; null while in the maker's stock. */
  clientId: idSchema.nullish().transform((value) => value ?? null),
  /** Who installed it (the spec's `creatorName`). */
  creatorName: optionalText(50),
  productionDate: isoDateSchema.nullish().transform((value) => value ?? null),
  saleStatus: saleStatusSchema.default('inStock'),
};

const rangeChecks = <T extends { diameterMin: number | null; diameterMax: number | null }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.diameterMin !== null && value.diameterMax !== null && value.diameterMin > value.diameterMax) {
    ctx.addIssue({ code: 'custom', message: 'rangeOrder', path: ['diameterMax'] });
  }
};

/** `POST`/`PUT /api/equipment`: every field (the maker). A client is required unless the machine is in stock. */
export const equipmentInputSchema = z
  .object({ ...makerFields, ...plantFields, concurrencyStamp: concurrencyTokenSchema })
  .superRefine(rangeChecks)
  .superRefine((value, ctx) => {
    if (value.saleStatus !== 'inStock' && value.clientId === null) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['clientId'] });
    }
    if (value.productId !== null && value.clientId === null) {
      ctx.addIssue({ code: 'custom', message: 'required', path: ['clientId'] });
    }
  });
export type EquipmentInput = z.input<typeof equipmentInputSchema>;

/** `PUT /api/equipment/normal/{id}`: the plant's fields of one of its client's machines. */
export const equipmentPlantInputSchema = z
  .object({ ...plantFields, concurrencyStamp: concurrencyTokenSchema })
  .superRefine(rangeChecks);
export type EquipmentPlantInput = z.input<typeof equipmentPlantInputSchema>;

/**
 * `POST /api/equipment/{id}/status` and `…/normal/{id}/status`: the status set by hand, for a machine
 * that sends no telemetry (one with MQTT credentials answers 409 `equipment_status_by_telemetry`).
 */
export const equipmentStatusInputSchema = z.object({
  operationStatus: operationStatusSchema,
  remark: optionalText(200),
});
export type EquipmentStatusInput = z.infer<typeof equipmentStatusInputSchema>;

export const activeAlarmSchema = z.object({
  code: z.string(),
  text: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  since: z.string(),
});
export type ActiveAlarm = z.infer<typeof activeAlarmSchema>;

/** A machine as `GET /api/equipment/{id}` (and the normal variant) answer it. */
export const equipmentSchema = z.object({
  id: idSchema,
  serialNumber: z.string(),
  name: z.string(),
  spec: z.string(),
  figureNo: z.string().nullable(),
  productTypeId: idSchema.nullable(),
  productTypeName: z.string().nullable(),
  clientId: idSchema.nullable(),
  clientName: z.string().nullable(),
  clientCode: z.string().nullable(),
  productId: idSchema.nullable(),
  productName: z.string().nullable(),
  productCode: z.string().nullable(),
  creatorName: z.string().nullable(),
  productionDate: z.string().nullable(),
  saleStatus: saleStatusSchema,
  operationStatus: operationStatusSchema,
  /** Telemetry's operating mode while running or idle (`setup` during a changeover). */
  mode: z.enum(MACHINE_MODES).nullable(),
  /** When the current status began. */
  statusSince: z.string().nullable(),
  /** The last telemetry message from it. */
  lastSeen: z.string().nullable(),
  activeAlarm: activeAlarmSchema.nullable(),
  techniqueIds: z.array(idSchema),
  techniqueNames: z.array(z.string()),
  diameterMin: z.number().nullable(),
  diameterMax: z.number().nullable(),
  idealRate: z.number().nullable(),
  throughput: z.array(throughputBandSchema),
  concurrentTasks: z.number().int(),
  shiftCalendar: shiftCalendarSchema,
  changeover: changeoverMatrixSchema,
  remark: z.string().nullable(),
  /** MQTT credentials were issued: its status comes from telemetry. */
  telemetry: z.boolean(),
  /** The MQTT user name (never the password). */
  mqttUsername: z.string().nullable(),
  credentialsIssuedAt: z.string().nullable(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const EQUIPMENT_SORTS = [
  'serialNumber',
  'name',
  'spec',
  'clientName',
  'productName',
  'productionDate',
  'operationStatus',
  'saleStatus',
  'lastSeen',
] as const;

/** `GET /api/equipment` and `GET /api/equipment/normal` (which is limited to the caller's current client). */
export const equipmentListQuerySchema = listQuerySchema.extend({
  clientId: idSchema.optional(),
  productId: idSchema.optional(),
  productTypeId: idSchema.optional(),
  operationStatus: z
    .array(operationStatusSchema)
    .or(operationStatusSchema.transform((s) => [s]))
    .optional(),
  saleStatus: z
    .array(saleStatusSchema)
    .or(saleStatusSchema.transform((s) => [s]))
    .optional(),
});
export type EquipmentListQuery = z.input<typeof equipmentListQuerySchema>;

export const equipmentPageSchema = pagedResultSchema(equipmentSchema);

/**
 * `POST /api/equipment/{id}/mqtt-credentials`: issued (or re-issued, which revokes the previous ones)
 * and shown once; only a hash of the password is kept.
 */
export const mqttCredentialsSchema = z.object({
  username: z.string(),
  password: z.string(),
  /** Where the machine may publish: `{topicPrefix}/state`, `/counters` and `/alarm`. */
  topicPrefix: z.string(),
  /** The broker to connect to, as configured (`mqtt://host:1883`). */
  brokerUrl: z.string(),
  issuedAt: z.string(),
});
export type MqttCredentials = z.infer<typeof mqttCredentialsSchema>;
