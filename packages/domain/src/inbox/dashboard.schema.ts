import { z } from 'zod';
import { idSchema } from '../core/common.schema.ts';

/**
 * The home dashboard of a plant user for the current product. A tile is null when the
 * caller may not open the page it links to (it is then not shown).
 */
export const dashboardMachineOutputSchema = z.object({
  equipmentId: idSchema,
  name: z.string(),
  serialNumber: z.string(),
  pieces: z.number().int(),
  kg: z.number(),
});

export const dashboardOeeSchema = z.object({
  equipmentId: idSchema,
  name: z.string(),
  serialNumber: z.string(),
  operationStatus: z.string(),
  /** Fractions 0…1 over today's shifts so far; null when the machine had no planned time. */
  availability: z.number().nullable(),
  performance: z.number().nullable(),
  quality: z.number().nullable(),
  oee: z.number().nullable(),
});

export const dashboardOrderDueSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string().nullable(),
  dueDate: z.string(),
  status: z.string(),
  /** Share of the order's pieces planned (0…1) and produced (0…1). */
  planned: z.number(),
  produced: z.number(),
});

export const dashboardStockSchema = z.object({
  diameter: z.number().int(),
  rawKg: z.number(),
  tailKg: z.number(),
  /** Raw and tail kilograms approved cutting plans hold. */
  reservedKg: z.number(),
});

export const dashboardWastePointSchema = z.object({
  /** The plant's day (YYYY-MM-DD). */
  date: z.string(),
  producedKg: z.number(),
  wasteKg: z.number(),
  /** waste / (produced + waste), null on a day without either. */
  rate: z.number().nullable(),
});

export const dashboardSchema = z.object({
  /** The plant's today (YYYY-MM-DD, in the product's time zone). */
  date: z.string(),
  production: z
    .object({ pieces: z.number().int(), kg: z.number(), machines: z.array(dashboardMachineOutputSchema) })
    .nullable(),
  oee: z.array(dashboardOeeSchema).nullable(),
  /** Confirmed or planned orders due from today to the end of the plant's week (Sunday), by due date. */
  ordersDue: z.array(dashboardOrderDueSchema).nullable(),
  stock: z.array(dashboardStockSchema).nullable(),
  /** The last 30 plant days, oldest first. */
  wasteTrend: z.array(dashboardWastePointSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
