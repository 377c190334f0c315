import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, and, eq } from 'drizzle-orm';
import { DEMAND_REVISION_ENDPOINTS } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { recordWrite } from '../../core/http/action-routes.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { demandOrderHeader, demandOrderRevisions } from '../planning/index.ts';
import { applyRevision, previewRevision } from './demand-revision.command.ts';
import { disposeBundle, supersededBundles } from './superseded-bundle.ts';
import { disposeLoosePieces, looseSupersededPieces } from './superseded-pieces.ts';

/** A revised list is as large as an order: more than the default 1 MB body. */
const REVISION_BODY_LIMIT = 32 * 1024 * 1024;

/** The order's revisions, oldest first (`GET /api/demandOrder/{id}/revisions`). */
function revisionsOf(db: Db | Tx, productId: string, orderId: string) {
  return db
    .select({
      id: demandOrderRevisions.id,
      revision: demandOrderRevisions.revision,
      drawingIndex: demandOrderRevisions.drawingIndex,
      fileName: demandOrderRevisions.fileName,
      userName: demandOrderRevisions.userName,
      time: demandOrderRevisions.time,
      changes: demandOrderRevisions.changes,
    })
    .from(demandOrderRevisions)
    .where(and(eq(demandOrderRevisions.orderId, orderId), eq(demandOrderRevisions.productId, productId)))
    .orderBy(asc(demandOrderRevisions.revision));
}

/**
 * Revised bar lists, under `/api/demandOrder/{id}`: preview and apply a revision, its history,
 * the bundles it superseded and its loose pieces (with their disposal); and `/api/bundle/{id}/dispose`. Processing owns them: a revision reaches into
 * the tasks, machine jobs and bundles, which planning does not know.
 */
export const demandRevisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['demandOrder'];

  // A read under the order's lock, so the diff is the one applying it now would see; nothing is written.
  recordWrite(app, DEMAND_REVISION_ENDPOINTS.preview, previewRevision, { tags, bodyLimit: REVISION_BODY_LIMIT });

  recordWrite(
    app,
    DEMAND_REVISION_ENDPOINTS.apply,
    async (tx, actor, id, body) => {
      const revision = await applyRevision(tx, actor, id, body);
      const rows = await revisionsOf(tx, actor.scope.productId, id);
      return rows.find((row) => row.revision === revision)!;
    },
    { tags, bodyLimit: REVISION_BODY_LIMIT },
  );

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.revisions,
    async (request) => {
      const { productId } = await request.scope();
      // Another product's order is not found, rather than an order with no revisions.
      await demandOrderHeader(app.db, productId, request.params.id);
      return revisionsOf(app.db, productId, request.params.id);
    },
    { tags },
  );

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.superseded,
    async (request) => {
      const { productId } = await request.scope();
      await demandOrderHeader(app.db, productId, request.params.id);
      return supersededBundles(app.db, productId, request.params.id);
    },
    { tags },
  );

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.loosePieces,
    async (request) => {
      const { productId } = await request.scope();
      await demandOrderHeader(app.db, productId, request.params.id);
      return looseSupersededPieces(app.db, productId, request.params.id);
    },
    { tags },
  );

  recordWrite(
    app,
    DEMAND_REVISION_ENDPOINTS.disposeLoose,
    async (tx, actor, id, body) => {
      await disposeLoosePieces(tx, actor, id, { ...body, targetLineId: body.targetLineId ?? null });
      return null;
    },
    { tags },
  );

  recordWrite(
    app,
    DEMAND_REVISION_ENDPOINTS.disposeBundle,
    async (tx, actor, id, body) => {
      await disposeBundle(tx, actor, id, body.action, body.orderLineId ?? null);
      return null;
    },
    { tags: ['bundle'] },
  );
};
