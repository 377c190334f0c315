/**
 * The parts library (`/api/spareOarts`, alias `/api/spareParts`): the maker's global parts, their
 * pictures and drawings, and where they are used.
 *
 * - The resource routes of `sparePartResource` (list, `all`, get, post, put, delete at both paths),
 *   permissions `superAdmin.BOMCenter.spareOarts[.add|.update|.delete]`. Deleting a part that a design
 *   BOM uses (as its root or in its tree) answers 409 `in_use` naming the BOM versions.
 * - `GET /api/spareOarts/{id}/attachments` (`…spareOarts`) → `attachmentSchema[]`, oldest first.
 * - `POST /api/spareOarts/{id}/attachments` (`…spareOarts.update`), multipart/form-data with one file in
 *   field `file` → 201 `attachmentSchema`: PDF, PNG, JPEG or WebP by content (else 400
 *   `file_type_refused`), at most `MAX_ATTACHMENT_MB` (else 413 `file_too_large`).
 * - `GET /api/spareOarts/{id}/attachments/{fileId}` (`…spareOarts`): the bytes with their media type,
 *   inline (thumbnails, PDF preview); `?download=1` as an attachment.
 * - `DELETE /api/spareOarts/{id}/attachments/{fileId}` (`…spareOarts.update`) → 204.
 * - `GET /api/spareOarts/{id}/where-used` (`…spareOarts`) → `partWhereUsedSchema`: every design BOM
 *   version whose tree holds the part (nodes holding it, their summed quantity per top-level unit) and
 *   the manufacturing BOMs derived from those.
 *
 * The attachment and where-used routes answer at `/api/spareParts/…` too; an unknown part is 404.
 * Writes take an `Idempotency-Key`.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MEDIA_TYPES,
  BOM_PERMISSIONS,
  MAX_ATTACHMENT_MB,
  attachmentSchema,
  sparePartEndpoints,
  sparePartResource,
} from '@armature/domain';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { fileOf, filesOf, runFileWrite, sendStoredFile, toAttachment } from '../../core/files/stored-files.ts';
import { readUpload } from '../../core/files/upload.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { SPARE_PART_FILES, partWhereUsed, requirePart, sparePartUsage } from './spare-part.query.ts';
import { restoreDemoPictures } from './spare-part.demo-pictures.ts';

const tags = [sparePartResource.name];
const downloadQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

const ownerOf = (partId: string) => ({ ownerType: SPARE_PART_FILES, ownerId: partId, clientId: null, productId: null });

/** The part's files as an owner; 404 when there is no such part. */
async function partOwner(db: Db | Tx, partId: string) {
  await requirePart(db, partId);
  return ownerOf(partId);
}

/** Attachments and where-used of a part, under one of the resource's paths. */
const partExtras: FastifyPluginAsyncZod<{ path: string }> = async (app, { path }) => {
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  const endpoints = sparePartEndpoints(path);
  const partParams = endpoints.attachments.params;
  const fileParams = endpoints.deleteAttachment.params;

  endpointRoute(
    app,
    endpoints.attachments,
    async (request) => (await filesOf(app.db, await partOwner(app.db, request.params.id))).map(toAttachment),
    { tags },
  );

  // A multipart upload: served by hand.
  app.post(
    '/:id/attachments',
    {
      config: { access: BOM_PERMISSIONS.partsUpdate },
      schema: { tags, params: partParams, consumes: ['multipart/form-data'], response: { 201: attachmentSchema } },
    },
    async (request, reply) => {
      // The part first: an unknown one answers 404 without the upload being read.
      await requirePart(app.db, request.params.id);
      const upload = await readUpload(request, {
        maxBytes: MAX_ATTACHMENT_MB * 1024 * 1024,
        mediaTypes: ATTACHMENT_MEDIA_TYPES,
      });
      reply.code(201);
      return runFileWrite(request, reply, async (tx, files) =>
        toAttachment(await files.keep(upload, await partOwner(tx, request.params.id), request.author())),
      );
    },
  );

  // The file's bytes, not JSON: served by hand.
  app.get(
    '/:id/attachments/:fileId',
    {
      config: { access: BOM_PERMISSIONS.parts },
      schema: { tags, params: fileParams, querystring: downloadQuery, produces: ['application/octet-stream'] },
    },
    async (request, reply) => {
      const file = await fileOf(app.db, ownerOf(request.params.id), request.params.fileId);
      const download = request.query.download === '1' || request.query.download === 'true';
      return sendStoredFile(request, reply, file, download);
    },
  );

  endpointRoute(
    app,
    endpoints.deleteAttachment,
    async (request, reply) => {
      await runFileWrite(request, reply, async (tx, files) => {
        await files.remove(await fileOf(tx, ownerOf(request.params.id), request.params.fileId));
      });
      return null;
    },
    { tags },
  );

  endpointRoute(app, endpoints.whereUsed, async (request) => partWhereUsed(app.db, request.params.id), { tags });
};

/** The parts library (see the top of this file). */
export const sparePartRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResourceRoutes(app, sparePartResource);
  addUsageCheck(app, sparePartResource.name, sparePartUsage);
  for (const path of [sparePartResource.path, ...(sparePartResource.aliases ?? [])])
    await app.register(partExtras, { prefix: `/${path}`, path });
  app.addHook('onReady', () => restoreDemoPictures(app));
};
