import { z } from 'zod';
import { optionalText, plainText } from '../core/common.schema.ts';

// Fields every BOM schema (design, import, manufacturing, twin, PLC task) writes the same way.

/** A quantity per parent unit: positive, three decimals (metres of cable, kilograms of grease). */
export const bomQuantitySchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => Math.round(value * 1000) === value * 1000, 'decimals');
export const positionNoSchema = optionalText(20);
export const nameText = plainText().trim().min(1).max(100);
