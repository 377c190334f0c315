import { z } from 'zod';
import { idSchema, optionalText } from '../core/common.schema.ts';
import { MAX_MOVE_QUANTITY } from './stock.schema.ts';

/**
 * `POST /api/stock/{raw|tail}/{id}/relocate`: some or all bars of one balance row carried to another
 * location (null: back to unplaced). Booked as two ledger rows of reason `transfer` under one `MV…` code.
 */
export const stockRelocateInputSchema = z.object({
  locationId: idSchema.nullable(),
  quantity: z.number().int().min(1).max(MAX_MOVE_QUANTITY),
  remark: optionalText(500),
});
export type StockRelocateInput = z.infer<typeof stockRelocateInputSchema>;

/**
 * Where bars a cut takes lie: a rack or bin (null: not put away), the offcut lot (null: raw
 * bars), the heat, and how many bars of that row there are.
 */
export const barPlaceSchema = z.object({
  locationCode: z.string().nullable(),
  locationName: z.string().nullable(),
  lotCode: z.string().nullable(),
  heatNo: z.string().nullable(),
  bars: z.number().int(),
});
export type BarPlace = z.infer<typeof barPlaceSchema>;
