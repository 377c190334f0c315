import { z } from 'zod';

/** Bodyless answers (204, 202). */
export const noContentSchema = z.null().describe('No content');
