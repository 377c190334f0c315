import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEMAND_ORDER_PERMISSIONS,
  bundleDisposeSchema,
  demandOrderRevisionSchema,
  demandRevisionInputSchema,
  demandRevisionPreviewSchema,
  idParamsSchema,
  looseSupersededPiecesSchema,
  supersededBundleSchema,
  supersededPiecesDisposeSchema,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { noContentSchema } from '../../core/http/route-schemas.ts';
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
  const revisionRoute = {
    config: { access: DEMAND_ORDER_PERMISSIONS.import },
    bodyLimit: REVISION_BODY_LIMIT,
  };

  app.post(
    '/demandOrder/:id/revision/preview',
    {
      ...revisionRoute,
      schema: {
        tags,
        params: idParamsSchema,
        body: demandRevisionInputSchema,
        response: { 200: demandRevisionPreviewSchema },
      },
    },
    async (request, reply) =>
      // A read under the order's lock, so the diff is the one applying it now would see; nothing is written.
      runWrite(request, reply, async (tx) =>
        previewRevision(tx, await request.actor(), request.params.id, request.body),
      ),
  );

  app.post(
    '/demandOrder/:id/revision',
    {
      ...revisionRoute,
      schema: {
        tags,
        params: idParamsSchema,
        body: demandRevisionInputSchema,
        response: { 201: demandOrderRevisionSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return runWrite(request, reply, async (tx) => {
        const writer = await request.actor();
        const revision = await applyRevision(tx, writer, request.params.id, request.body);
        const rows = await revisionsOf(tx, writer.scope.productId, request.params.id);
        return rows.find((row) => row.revision === revision)!;
      });
    },
  );

  app.get(
    '/demandOrder/:id/revisions',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(demandOrderRevisionSchema) } },
    },
    async (request) => {
      const { productId } = await request.scope();
      // Another product's order is not found, rather than an order with no revisions.
      await demandOrderHeader(app.db, productId, request.params.id);
      return revisionsOf(app.db, productId, request.params.id);
    },
  );

  app.get(
    '/demandOrder/:id/superseded',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(supersededBundleSchema) } },
    },
    async (request) => {
      const { productId } = await request.scope();
      await demandOrderHeader(app.db, productId, request.params.id);
      return supersededBundles(app.db, productId, request.params.id);
    },
  );

  app.get(
    '/demandOrder/:id/superseded-pieces',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.read },
      schema: { tags, params: idParamsSchema, response: { 200: z.array(looseSupersededPiecesSchema) } },
    },
    async (request) => {
      const { productId } = await request.scope();
      await demandOrderHeader(app.db, productId, request.params.id);
      return looseSupersededPieces(app.db, productId, request.params.id);
    },
  );

  app.post(
    '/demandOrder/:id/superseded-pieces/dispose',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.import },
      schema: { tags, params: idParamsSchema, body: supersededPiecesDisposeSchema, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) =>
        disposeLoosePieces(tx, await request.actor(), request.params.id, {
          ...request.body,
          targetLineId: request.body.targetLineId ?? null,
        }),
      );
      return reply.send(null);
    },
  );

  app.post(
    '/bundle/:id/dispose',
    {
      config: { access: DEMAND_ORDER_PERMISSIONS.import },
      schema: {
        tags: ['bundle'],
        params: idParamsSchema,
        body: bundleDisposeSchema,
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      reply.code(204);
      await runWrite(request, reply, async (tx) =>
        disposeBundle(
          tx,
          await request.actor(),
          request.params.id,
          request.body.action,
          request.body.orderLineId ?? null,
        ),
      );
      return reply.send(null);
    },
  );
};
