import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, and, eq } from 'drizzle-orm';
import { DEMAND_REVISION_ENDPOINTS } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
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

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.preview,
    async (request, reply) =>
      // A read under the order's lock, so the diff is the one applying it now would see; nothing is written.
      runWrite(request, reply, async (tx) =>
        previewRevision(tx, await request.actor(), request.params.id, request.body),
      ),
    { tags, bodyLimit: REVISION_BODY_LIMIT },
  );

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.apply,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const revision = await applyRevision(tx, writer, request.params.id, request.body);
        const rows = await revisionsOf(tx, writer.scope.productId, request.params.id);
        return rows.find((row) => row.revision === revision)!;
      }),
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

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.disposeLoose,
    async (request, reply) => {
      await runWrite(request, reply, async (tx) =>
        disposeLoosePieces(tx, await request.actor(), request.params.id, {
          ...request.body,
          targetLineId: request.body.targetLineId ?? null,
        }),
      );
      return null;
    },
    { tags },
  );

  endpointRoute(
    app,
    DEMAND_REVISION_ENDPOINTS.disposeBundle,
    async (request, reply) => {
      await runWrite(request, reply, async (tx) =>
        disposeBundle(
          tx,
          await request.actor(),
          request.params.id,
          request.body.action,
          request.body.orderLineId ?? null,
        ),
      );
      return null;
    },
    { tags: ['bundle'] },
  );
};
