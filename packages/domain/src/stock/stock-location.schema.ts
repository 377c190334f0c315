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
