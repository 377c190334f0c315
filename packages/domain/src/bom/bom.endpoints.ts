import { z } from 'zod';
import { defineEndpoint, workflowAction } from '../core/endpoint.ts';
import { idParamsSchema, idSchema, listQuerySchema } from '../core/common.schema.ts';
import { crudEndpoints, noContentSchema } from '../core/crud-endpoints.ts';
import { attachmentEndpoints } from '../core/attachment-endpoints.ts';
import { BOM_PERMISSIONS } from './bom.menu.ts';
import { sparePartResource } from './spare-part.resource.ts';
import {
  bomCompareQuerySchema,
  bomCompareSchema,
  bomNodeInputSchema,
  bomNodeMoveSchema,
  bomNodeSchema,
  bomNodeUpdateSchema,
  bomSubtreeSchema,
  designBomDetailSchema,
  designBomInputSchema,
  designBomListQuerySchema,
  designBomPageSchema,
  designBomSchema,
  designBomUpdateSchema,
  partWhereUsedSchema,
} from './bom.schema.ts';
import { bomImportApplySchema } from './bom-import.schema.ts';
import {
  makeBomDeriveSchema,
  makeBomDetailSchema,
  makeBomListQuerySchema,
  makeBomNodeUpdateSchema,
  makeBomPageSchema,
} from './make-bom.schema.ts';
import { digitalTwinBomInputSchema, digitalTwinBomSchema } from './twin-bom.schema.ts';
import {
  plcRenderInputSchema,
  plcRenderSchema,
  plcTaskInputSchema,
  plcTaskListQuerySchema,
  plcTaskSchema,
} from './plc-task.schema.ts';

const noParams = z.object({});
const nodeParamsSchema = z.object({ id: idSchema, nodeId: idSchema });

/** The delete of one record (204) under a permission. */
function deleteEndpoint(path: string, access: string) {
  return defineEndpoint({
    method: 'DELETE',
    path: `${path}/:id`,
    params: idParamsSchema,
    status: 204,
    response: noContentSchema,
    access,
  });
}

const DESIGN = 'designBOM';

/** A design BOM version as a picker lists it. */
export const designBomPickSchema = designBomSchema.pick({
  id: true,
  code: true,
  name: true,
  version: true,
  status: true,
});

/** A design BOM version's workflow actions; each answers the version's header (not its tree). */
export const DESIGN_BOM_ACTION_ENDPOINTS = {
  /** Draft → released (frozen); the version of the code released before becomes obsolete. */
  release: workflowAction(DESIGN, 'release', {
    access: BOM_PERMISSIONS.designRelease,
    response: designBomSchema,
  }),
};

/**
 * Design BOMs (`/api/designBOM`): versioned trees of parts, the maker's global data. A write to a
 * released or obsolete version is refused (409). The sheet export and the import's preview are files,
 * served by hand.
 */
export const DESIGN_BOM_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: DESIGN,
    params: noParams,
    query: designBomListQuerySchema,
    response: designBomPageSchema,
    access: BOM_PERMISSIONS.design,
  }),
  /** Every version, for pickers. */
  all: defineEndpoint({
    method: 'GET',
    path: `${DESIGN}/all`,
    params: noParams,
    response: z.array(designBomPickSchema),
    access: BOM_PERMISSIONS.design,
  }),
  /** Two versions side by side, nodes matched by their path of part codes. */
  compare: defineEndpoint({
    method: 'GET',
    path: `${DESIGN}/compare`,
    params: noParams,
    query: bomCompareQuerySchema,
    response: bomCompareSchema,
    access: BOM_PERMISSIONS.design,
  }),
  /** The header and the whole tree with its roll-ups. */
  get: defineEndpoint({
    method: 'GET',
    path: `${DESIGN}/:id`,
    params: idParamsSchema,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.design,
  }),
  /** A node's subtree and its ancestors. */
  children: defineEndpoint({
    method: 'GET',
    path: `${DESIGN}/:id/children/:nodeId`,
    params: nodeParamsSchema,
    response: bomSubtreeSchema,
    access: BOM_PERMISSIONS.design,
  }),
  /** Version 1, a draft whose root is the part (201, the detail). */
  create: defineEndpoint({
    method: 'POST',
    path: DESIGN,
    params: noParams,
    body: designBomInputSchema,
    status: 201,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.designAdd,
  }),
  /** A draft's header. */
  update: defineEndpoint({
    method: 'PUT',
    path: `${DESIGN}/:id`,
    params: idParamsSchema,
    body: designBomUpdateSchema,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.designUpdate,
  }),
  /** A draft and its tree; refused while manufacturing or twin BOMs derive from it. */
  delete: deleteEndpoint(DESIGN, BOM_PERMISSIONS.designDelete),
  /** A child appended under a node (201, the node). */
  addNode: defineEndpoint({
    method: 'POST',
    path: `${DESIGN}/:id/nodes`,
    params: idParamsSchema,
    body: bomNodeInputSchema,
    status: 201,
    response: bomNodeSchema,
    access: BOM_PERMISSIONS.designUpdate,
  }),
  /** A node's figures (the node). */
  updateNode: defineEndpoint({
    method: 'PUT',
    path: `${DESIGN}/:id/nodes/:nodeId`,
    params: nodeParamsSchema,
    body: bomNodeUpdateSchema,
    response: bomNodeSchema,
    access: BOM_PERMISSIONS.designUpdate,
  }),
  /** The node and its subtree (204). */
  deleteNode: defineEndpoint({
    method: 'DELETE',
    path: `${DESIGN}/:id/nodes/:nodeId`,
    params: nodeParamsSchema,
    status: 204,
    response: noContentSchema,
    access: BOM_PERMISSIONS.designUpdate,
  }),
  /** The node and its subtree under another node (a drag); the detail. */
  moveNode: defineEndpoint({
    method: 'POST',
    path: `${DESIGN}/:id/nodes/:nodeId/move`,
    params: nodeParamsSchema,
    body: bomNodeMoveSchema,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.designUpdate,
  }),
  /** A new draft of the code copying this version (201, the detail). */
  newVersion: defineEndpoint({
    method: 'POST',
    path: `${DESIGN}/:id/versions`,
    params: idParamsSchema,
    status: 201,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.designAdd,
  }),
  /** The draft's nodes under the root replaced by the checked lines of a sheet; the detail. */
  importLines: defineEndpoint({
    method: 'POST',
    path: `${DESIGN}/:id/import`,
    params: idParamsSchema,
    body: bomImportApplySchema,
    response: designBomDetailSchema,
    access: BOM_PERMISSIONS.designImport,
  }),
};

const MAKE = 'makeBOM';

/** Manufacturing BOMs (`/api/makeBOM`), derived from released design versions; the sheet export is served by hand. */
export const MAKE_BOM_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: MAKE,
    params: noParams,
    query: makeBomListQuerySchema,
    response: makeBomPageSchema,
    access: BOM_PERMISSIONS.make,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${MAKE}/:id`,
    params: idParamsSchema,
    response: makeBomDetailSchema,
    access: BOM_PERMISSIONS.make,
  }),
  /** Derives one from a released design version (201, the detail). */
  create: defineEndpoint({
    method: 'POST',
    path: MAKE,
    params: noParams,
    body: makeBomDeriveSchema,
    status: 201,
    response: makeBomDetailSchema,
    access: BOM_PERMISSIONS.makeAdd,
  }),
  /** A node's technique and figures; the detail. */
  updateNode: defineEndpoint({
    method: 'PUT',
    path: `${MAKE}/:id/nodes/:nodeId`,
    params: nodeParamsSchema,
    body: makeBomNodeUpdateSchema,
    response: makeBomDetailSchema,
    access: BOM_PERMISSIONS.makeUpdate,
  }),
  /** Whoever may derive one may take it back. */
  delete: deleteEndpoint(MAKE, BOM_PERMISSIONS.makeAdd),
};

/** Digital-twin BOMs (`/api/digitalTwinBOM`): a record's generic routes. */
export const TWIN_BOM_ENDPOINTS = crudEndpoints({
  path: 'digitalTwinBOM',
  page: BOM_PERMISSIONS.twin,
  optionsAccess: BOM_PERMISSIONS.twin,
  item: digitalTwinBomSchema,
  input: digitalTwinBomInputSchema,
  listQuery: listQuerySchema,
});

const PLC = 'PLCTask';
const plcTasks = crudEndpoints({
  path: PLC,
  page: BOM_PERMISSIONS.plc,
  item: plcTaskSchema,
  input: plcTaskInputSchema,
  listQuery: plcTaskListQuerySchema,
});

/** PLC task templates per equipment model (`/api/PLCTask`). */
export const PLC_TASK_ENDPOINTS = {
  ...plcTasks,
  /** Every template, or those of one equipment model. */
  all: defineEndpoint({
    ...plcTasks.all,
    query: z.object({ equipmentModel: z.string().trim().max(100).optional() }),
    access: BOM_PERMISSIONS.plc,
  }),
  /** The template's command with the given values filled in (a read, sent as a POST). */
  render: defineEndpoint({
    method: 'POST',
    path: `${PLC}/:id/render`,
    params: idParamsSchema,
    body: plcRenderInputSchema,
    response: plcRenderSchema,
    access: BOM_PERMISSIONS.plc,
  }),
};

/**
 * A part's own routes beside its generic ones, under one of the parts' paths (the resource's and its
 * alias): its attachments and where it is used. An upload and a file's bytes are served by hand.
 */
export function sparePartEndpoints(path: string) {
  const files = attachmentEndpoints(`${path}/:id/attachments`, idParamsSchema, {
    read: BOM_PERMISSIONS.parts,
    write: BOM_PERMISSIONS.partsUpdate,
  });
  return {
    /** The BOMs whose trees hold the part. */
    whereUsed: defineEndpoint({
      method: 'GET',
      path: `${path}/:id/where-used`,
      params: idParamsSchema,
      response: partWhereUsedSchema,
      access: BOM_PERMISSIONS.parts,
    }),
    attachments: files.list,
    deleteAttachment: files.remove,
  };
}

/** The parts' own routes at the resource's path. */
export const SPARE_PART_ENDPOINTS = sparePartEndpoints(sparePartResource.path);
