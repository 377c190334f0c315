import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema } from '../core/common.schema.ts';
import { twinBoardSchema, twinDetailQuerySchema, twinDetailSchema } from '../equipment/index.ts';
import { DIGITAL_TWIN_PERMISSIONS } from './processing.menu.ts';

/** The digital-twin overview of the current line (`/api/digitalTwin`); its live events are a stream, served by hand. */
export const DIGITAL_TWIN_ENDPOINTS = {
  /** A card per machine installed on the line. */
  board: defineEndpoint({
    method: 'GET',
    path: 'digitalTwin/board',
    params: z.object({}),
    response: twinBoardSchema,
    access: DIGITAL_TWIN_PERMISSIONS.read,
  }),
  /** A machine's day: states, counters, alarms and OEE. */
  machine: defineEndpoint({
    method: 'GET',
    path: 'digitalTwin/equipment/:id',
    params: idParamsSchema,
    query: twinDetailQuerySchema,
    response: twinDetailSchema,
    access: DIGITAL_TWIN_PERMISSIONS.read,
  }),
};
