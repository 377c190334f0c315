import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema } from '../core/common.schema.ts';
import { noContentSchema } from '../core/crud-endpoints.ts';
import { EQUIPMENT_NORMAL_PERMISSIONS, EQUIPMENT_PERMISSIONS } from './equipment.menu.ts';
import {
  equipmentInputSchema,
  equipmentListQuerySchema,
  equipmentPageSchema,
  equipmentPlantInputSchema,
  equipmentSchema,
  equipmentStatusInputSchema,
  mqttCredentialsSchema,
} from './equipment.schema.ts';
import { ingestStatsSchema } from './digital-twin.schema.ts';

const noParams = z.object({});
const ADMIN = 'equipment';
const NORMAL = 'equipment/normal';

/** A machine's status set by hand (under maintenance, back in service), answering the machine. */
function statusEndpoint(path: string, access: string) {
  return defineEndpoint({
    method: 'POST',
    path: `${path}/:id/status`,
    params: idParamsSchema,
    body: equipmentStatusInputSchema,
    response: equipmentSchema,
    access,
  });
}

/**
 * The maker's equipment centre (`/api/equipment`): every machine of every client and those still in
 * its own stock, every field editable.
 */
export const EQUIPMENT_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: ADMIN,
    params: noParams,
    query: equipmentListQuerySchema,
    response: equipmentPageSchema,
    access: EQUIPMENT_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${ADMIN}/:id`,
    params: idParamsSchema,
    response: equipmentSchema,
    access: EQUIPMENT_PERMISSIONS.read,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: ADMIN,
    params: noParams,
    body: equipmentInputSchema,
    status: 201,
    response: equipmentSchema,
    access: EQUIPMENT_PERMISSIONS.add,
  }),
  /** Replaces every field (a body missing one is refused). */
  update: defineEndpoint({
    method: 'PUT',
    path: `${ADMIN}/:id`,
    params: idParamsSchema,
    body: equipmentInputSchema,
    response: equipmentSchema,
    access: EQUIPMENT_PERMISSIONS.update,
  }),
  /** Refused (409) while a schedule or task uses the machine. */
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${ADMIN}/:id`,
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access: EQUIPMENT_PERMISSIONS.delete,
  }),
  status: statusEndpoint(ADMIN, EQUIPMENT_PERMISSIONS.status),
  /** A new MQTT password for the machine (201), shown once and never stored. */
  mqttCredentials: defineEndpoint({
    method: 'POST',
    path: `${ADMIN}/:id/mqtt-credentials`,
    params: idParamsSchema,
    status: 201,
    response: mqttCredentialsSchema,
    access: EQUIPMENT_PERMISSIONS.credentials,
  }),
  /** What the telemetry intake of this process has heard and refused. */
  ingestStats: defineEndpoint({
    method: 'GET',
    path: 'digitalTwin/ingest-stats',
    params: noParams,
    response: ingestStatsSchema,
    access: EQUIPMENT_PERMISSIONS.read,
  }),
};

/**
 * A plant's equipment centre (`/api/equipment/normal`): the machines of the caller's current client,
 * of which it edits its own fields and sets the status.
 */
export const EQUIPMENT_NORMAL_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: NORMAL,
    params: noParams,
    query: equipmentListQuerySchema,
    response: equipmentPageSchema,
    access: EQUIPMENT_NORMAL_PERMISSIONS.read,
  }),
  /** The machines of the current line, for selects. */
  all: defineEndpoint({
    method: 'GET',
    path: `${NORMAL}/all`,
    params: noParams,
    response: z.array(equipmentSchema),
    access: EQUIPMENT_NORMAL_PERMISSIONS.read,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${NORMAL}/:id`,
    params: idParamsSchema,
    response: equipmentSchema,
    access: EQUIPMENT_NORMAL_PERMISSIONS.read,
  }),
  /** The plant's own fields of the machine. */
  update: defineEndpoint({
    method: 'PUT',
    path: `${NORMAL}/:id`,
    params: idParamsSchema,
    body: equipmentPlantInputSchema,
    response: equipmentSchema,
    access: EQUIPMENT_NORMAL_PERMISSIONS.update,
  }),
  status: statusEndpoint(NORMAL, EQUIPMENT_NORMAL_PERMISSIONS.status),
};
