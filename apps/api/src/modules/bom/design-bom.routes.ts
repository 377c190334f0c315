/**
 * Design BOMs: versioned trees of parts, the equipment maker's global data (no client or
 * product scope). Every route checks a `BOM_PERMISSIONS.design*` permission; plant roles hold none.
 * Writes are one transaction each with the BOM row locked, replayed once per `Idempotency-Key`; every
 * write to a released or obsolete version answers 409 `bom_released`.
 *
 * | method and path | permission | what |
 * | --- | --- | --- |
 * | `GET /api/designBOM?skipCount&maxResultCount&sorting&filter&status&productTypeId&latestOnly` | design | a page of versions (`designBomPageSchema`); sorting `code`, `name`, `version`, `status`, `creationTime`; keyword on code, name, root part code and name; `latestOnly=true` keeps the newest version of each code |
 * | `GET /api/designBOM/all` | design | every version as `{ id, code, name, version, status }`, for pickers |
 * | `GET /api/designBOM/compare?left&right` | design | two versions side by side, nodes matched by their path of part codes (`bomCompareSchema`: rows added / removed / changed / same, summary) |
 * | `GET /api/designBOM/{id}` | design | header and whole tree, pre-order, each node with `rolledQuantity` per top-level unit, `rolledWeight` (kg) and `rolledCost` of it and everything below; totals (`designBomDetailSchema`) |
 * | `GET /api/designBOM/{id}/children/{nodeId}` | design | the node's subtree, pre-order, figures per top-level unit, and its ancestors root first (`bomSubtreeSchema`) |
 * | `POST /api/designBOM { code, name, productTypeId?, partId, remark? }` | design.add | version 1, a draft whose root node is the part (quantity 1); 201 with the detail; 409 `duplicate` for a known code; 400 on an unknown `partId` / `productTypeId` |
 * | `PUT /api/designBOM/{id} { name, productTypeId?, remark?, lastModificationTime? }` | design.update | a draft's header; 409 `stale_update` when changed since the token |
 * | `DELETE /api/designBOM/{id}` | design.delete | a draft and its tree (204); 409 `in_use` naming the manufacturing and digital-twin BOMs derived from it |
 * | `POST /api/designBOM/{id}/nodes { parentNodeId, partId, quantity, positionNo?, remark? }` | design.update | a child appended under a node of this BOM (201 with the node); 400 on `parentNodeId` for a node of another BOM; 400 `bom_cycle` naming the path (`A > B > C > A`) when the part is the parent or one of its ancestors |
 * | `PUT /api/designBOM/{id}/nodes/{nodeId} { quantity, positionNo?, remark? }` | design.update | a node's figures (the root's quantity stays 1); the node |
 * | `DELETE /api/designBOM/{id}/nodes/{nodeId}` | design.update | the node and its subtree (204); the root 409 `bom_root_node` |
 * | `POST /api/designBOM/{id}/nodes/{nodeId}/move { parentNodeId, index }` | design.update | the node and its subtree under another node at `index` among its children (a drag); 400 on `parentNodeId` under itself or its own subtree, 400 `bom_cycle`; the root 409 `bom_root_node`; the detail |
 * | `POST /api/designBOM/{id}/release` | design.release | draft → released (frozen); the version of the code released before becomes obsolete; 409 `bom_released` for a version not in draft; the header |
 * | `POST /api/designBOM/{id}/versions` | design.add | a new draft of the code (next version) copying this version's header and tree with new ids, `basedOnId` this one; 201 with the detail; 409 `bom_draft_exists` when the code has a draft |
 * | `GET /api/designBOM/{id}/export` | design.export | `.xlsx`: one row per node pre-order, level (root 0), part code indented by level, name, quantity, unit, position, remark; headers in the caller's language |
 * | `POST /api/designBOM/{id}/import/preview` (multipart, field `file`, an .xlsx) | design.import | the sheet's lines with their problems (`bomImportPreviewSchema`: `unknown_part`, `bad_quantity`, `bad_level`, `level_jump`, `cycle`, `root_mismatch`, `missing_value`); levels from the level column or the indentation of the code; nothing saved. 413 `file_too_large` over 10 MB, 400 `file_type_refused` for content that is no .xlsx, 400 `import_missing_columns` |
 * | `POST /api/designBOM/{id}/import { lines: [{ level, partCode, quantity, positionNo?, remark? }] }` | design.import | the lines checked again (400 `bom_import_problems`, details `lines.{index}.{field}` in the caller's language), then the draft's nodes under the root replaced by them; the detail |
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fastifyMultipart from '@fastify/multipart';
import {
  BOM_PERMISSIONS,
  DESIGN_BOM_ACTION_ENDPOINTS,
  DESIGN_BOM_ENDPOINTS as ENDPOINTS,
  bomImportPreviewSchema,
  idParamsSchema,
} from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { actionRoutes, storeRoutes } from '../../core/http/action-routes.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import {
  addBomNode,
  applyBomImport,
  copyDesignBom,
  createDesignBom,
  deleteBomNode,
  deleteDesignBom,
  moveBomNode,
  releaseDesignBom,
  updateBomNode,
  updateDesignBom,
} from './design-bom.command.ts';
import {
  allDesignBoms,
  compareDesignBoms,
  designBomDetail,
  designBomHeader,
  listDesignBoms,
} from './design-bom.query.ts';
import { bomSubtree } from './bom-tree.query.ts';
import { exportDesignBom, previewBomImport } from './design-bom.sheet.ts';

/** An import of 20,000 lines is a few megabytes of JSON: more than the default 1 MB body. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

export const designBomRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['designBOM'];
  /**
   * Trees answer as they are built (`unchecked`): the schema documents them, but checking 10,000 nodes
   * against it again costs several times the query (the bench's 200 ms budget), and every field comes
   * from an explicit column list and the domain's roll-up, so there is nothing to filter out.
   */
  const tree = { tags, unchecked: true };
  // Uploads here: the sheet import's preview. One file per request; its size is checked by the route.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });

  endpointRoute(app, ENDPOINTS.list, async (request) => listDesignBoms(app.db, request.query, localeOf(request)), {
    tags,
  });

  endpointRoute(app, ENDPOINTS.all, async () => allDesignBoms(app.db), { tags });

  endpointRoute(
    app,
    ENDPOINTS.compare,
    async (request) => compareDesignBoms(app.db, request.query.left, request.query.right, localeOf(request)),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.get,
    async (request) => designBomDetail(app.db, request.params.id, localeOf(request)),
    tree,
  );

  endpointRoute(
    app,
    ENDPOINTS.children,
    async (request) => bomSubtree(app.db, request.params.id, request.params.nodeId),
    tree,
  );

  // Every write answers in the caller's language (the product type's name).
  const writer = (request: FastifyRequest) => ({ ...request.author(), locale: localeOf(request) });
  storeRoutes(app, ENDPOINTS, {
    tags,
    writer,
    detail: (tx, { locale }, id) => designBomDetail(tx, id, locale),
    create: createDesignBom,
    update: updateDesignBom,
    delete: deleteDesignBom,
  });

  endpointRoute(
    app,
    ENDPOINTS.addNode,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const nodeId = await addBomNode(tx, request.author(), request.params.id, request.body);
        return (await bomSubtree(tx, request.params.id, nodeId)).node;
      }),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.updateNode,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { id, nodeId } = request.params;
        await updateBomNode(tx, request.author(), id, nodeId, request.body);
        return (await bomSubtree(tx, id, nodeId)).node;
      }),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.deleteNode,
    async (request, reply) => {
      await runWrite(request, reply, (tx) =>
        deleteBomNode(tx, request.author(), request.params.id, request.params.nodeId),
      );
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.moveNode,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const { id, nodeId } = request.params;
        await moveBomNode(tx, request.author(), id, nodeId, request.body);
        return designBomDetail(tx, id, localeOf(request));
      }),
    { tags },
  );

  const action = actionRoutes(app, {
    tags,
    writer,
    detail: (tx, writer, id) => designBomHeader(tx, id, writer.locale),
  });
  action(DESIGN_BOM_ACTION_ENDPOINTS.release, (tx, writer, id) => releaseDesignBom(tx, writer, id));

  endpointRoute(
    app,
    ENDPOINTS.newVersion,
    async (request, reply) =>
      runWrite(request, reply, async (tx) =>
        designBomDetail(tx, await copyDesignBom(tx, request.author(), request.params.id), localeOf(request)),
      ),
    { tags },
  );

  // A workbook, not JSON: served by hand.
  app.get(
    '/:id/export',
    {
      config: { access: BOM_PERMISSIONS.designExport },
      schema: {
        tags,
        params: idParamsSchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => exportDesignBom(app.db, request, reply, request.params.id),
  );

  // A multipart upload: served by hand.
  app.post(
    '/:id/import/preview',
    {
      config: { access: BOM_PERMISSIONS.designImport },
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: bomImportPreviewSchema },
      },
    },
    async (request) => previewBomImport(app.db, request, request.params.id),
  );

  endpointRoute(
    app,
    ENDPOINTS.importLines,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        await applyBomImport(tx, request.author(), request.params.id, request.body, localeOf(request));
        return designBomDetail(tx, request.params.id, localeOf(request));
      }),
    { tags, bodyLimit: IMPORT_BODY_LIMIT },
  );
};
