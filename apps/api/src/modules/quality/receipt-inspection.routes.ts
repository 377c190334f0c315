/**
 * Receipt inspections, quality holds and mill certificates, under `/api/inspection/receipt/{receiptId}`.
 * Every route answers 404 for a receipt outside the caller's current product. Permissions are the
 * receipt page's (`rawMaterialStock.receiveCenter.rebarReceive`, below `…`) and its buttons.
 *
 * - `POST /api/inspection/receipt/{receiptId}` (`….inspect`), body `receiptInspectionInputSchema` →
 *   201 `receiptInspectionResultSchema` (the record's id, code, result and failed characteristic
 *   codes, and the receipt after it). Checks must be of a receiving technique (stage `receipt`, else
 *   400 `inspection_wrong_stage`); a check missing what its method needs is 400 on
 *   `checks.{i}.<field>` (a pass/fail check without `passed`: judge it, or send `notTested: true`,
 *   which leaves it out of the record; all checks not tested is 400 on `checks`). 409 `inspection_receipt_reversed` / `inspection_receipt_returned`. A pass
 *   marks the receipt `passed` (a hold or release stays as decided). A fail puts its bars still free
 *   and unreserved (at most its bar count) on hold: raw stock out of the free row and into the held
 *   row, ledger reason `hold` under the receipt; `qualityStatus` `held`, `heldQuantity` what moved
 *   (0 when every bar was already consumed or reserved). Held bars are never planned nor consumed.
 * - `POST …/{receiptId}/release` (`….unhold`), body `{ reason }` → 200 `rebarReceiveSchema`: the held
 *   bars go back to the free row (reason `release`, remark the reason), status `released`. 409
 *   `receipt_not_held`.
 * - `POST …/{receiptId}/return` (`….return`), body `{ reason }` → 200 `rebarReceiveSchema`: the held
 *   bars leave stock (reason `return`), status `returned`. 409 `receipt_not_held`.
 * - `GET …/{receiptId}/certificates` (`…`) → `attachmentSchema[]`, oldest first.
 * - `POST …/{receiptId}/certificates` (`….inspect`), multipart/form-data with one file in field
 *   `file` → 201 `attachmentSchema`. PDF, PNG, JPEG or WebP by content (else 400 `file_type_refused`),
 *   at most 10 MB (else 413 `file_too_large`).
 * - `GET …/{receiptId}/certificates/{fileId}` (`…`): the file's bytes with its media type, inline;
 *   `?download=1` as an attachment (RFC 5987 file name).
 * - `DELETE …/{receiptId}/certificates/{fileId}` (`….inspect`) → 204.
 *
 * Reversing a receipt whose bars are held answers 409 `receipt_held` (`POST /api/rebarReceive/{id}/reverse`).
 * Writes take an `Idempotency-Key`.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_INSPECTION_ENDPOINTS as ENDPOINTS, RECEIPT_PERMISSIONS, attachmentSchema } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { fileOf, filesOf, runFileWrite, sendStoredFile, toAttachment } from '../../core/files/stored-files.ts';
import { readUpload } from '../../core/files/upload.ts';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { applyReceiptVerdict, findReceipt, lockReceipt, releaseReceipt, returnReceipt } from '../stock/index.ts';
import { writeInspection } from './inspection-writer.ts';
import { CERTIFICATE_OWNER } from './quality.table.ts';

const tags = ['inspection'];
const receiptParams = ENDPOINTS.certificates.params;
const fileParams = ENDPOINTS.deleteCertificate.params;
const downloadQuery = z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() });

/** The receipt's certificates as an owner of stored files; 404 unless the receipt is in the caller's product. */
async function certificatesOwner(request: FastifyRequest, db: Db | Tx, receiptId: string) {
  const { clientId, productId } = await request.scope();
  await findReceipt(db, productId, receiptId);
  return { ownerType: CERTIFICATE_OWNER, ownerId: receiptId, clientId, productId };
}

const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file per request; its size is checked by `readUpload`.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });

  endpointRoute(
    app,
    ENDPOINTS.certificates,
    async (request) => {
      const owner = await certificatesOwner(request, app.db, request.params.receiptId);
      return (await filesOf(app.db, owner)).map(toAttachment);
    },
    { tags },
  );

  // A multipart upload: served by hand.

  app.post(
    '/receipt/:receiptId/certificates',
    {
      config: { access: RECEIPT_PERMISSIONS.inspect },
      schema: { tags, params: receiptParams, consumes: ['multipart/form-data'], response: { 201: attachmentSchema } },
    },
    async (request, reply) => {
      // The receipt first: another tenant's answers 404 without the upload being read.
      await certificatesOwner(request, app.db, request.params.receiptId);
      const upload = await readUpload(request);
      reply.code(201);
      return runFileWrite(request, reply, async (tx, files) => {
        const owner = await certificatesOwner(request, tx, request.params.receiptId);
        return toAttachment(await files.keep(upload, owner, request.author()));
      });
    },
  );

  // The file's bytes, not JSON: served by hand.
  app.get(
    '/receipt/:receiptId/certificates/:fileId',
    {
      config: { access: RECEIPT_PERMISSIONS.read },
      schema: { tags, params: fileParams, querystring: downloadQuery, produces: ['application/octet-stream'] },
    },
    async (request, reply) => {
      const owner = await certificatesOwner(request, app.db, request.params.receiptId);
      const file = await fileOf(app.db, owner, request.params.fileId);
      const download = request.query.download === '1' || request.query.download === 'true';
      return sendStoredFile(request, reply, file, download);
    },
  );

  endpointRoute(
    app,
    ENDPOINTS.deleteCertificate,
    async (request, reply) => {
      await runFileWrite(request, reply, async (tx, files) => {
        const owner = await certificatesOwner(request, tx, request.params.receiptId);
        await files.remove(await fileOf(tx, owner, request.params.fileId));
      });
      return null;
    },
    { tags },
  );
};

/** Receipt inspections, holds and certificates (see the top of this file). */
export const receiptInspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    ENDPOINTS.inspect,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const actor = await request.actor();
        const { productId } = actor.scope;
        const receipt = await lockReceipt(tx, productId, request.params.receiptId);
        if (receipt.status === 'reversed') throw new AppError('inspection_receipt_reversed', { code: receipt.code });
        if (receipt.qualityStatus === 'returned')
          throw new AppError('inspection_receipt_returned', { code: receipt.code });
        const inspection = await writeInspection(
          tx,
          actor,
          { kind: 'receipt', rebarReceiveId: receipt.id, rebarId: receipt.rebarId, heatNo: receipt.heatNo },
          request.body,
        );
        await applyReceiptVerdict(tx, actor, receipt, { result: inspection.result, inspectionCode: inspection.code });
        return { inspection, receipt: await findReceipt(tx, productId, receipt.id) };
      }),
    { tags },
  );

  for (const [endpoint, decide] of [
    [ENDPOINTS.release, releaseReceipt],
    [ENDPOINTS.return, returnReceipt],
  ] as const)
    endpointRoute(
      app,
      endpoint,
      async (request, reply) =>
        runWrite(request, reply, async (tx) => {
          const actor = await request.actor();
          await decide(tx, actor, request.params.receiptId, request.body.reason);
          return findReceipt(tx, actor.scope.productId, request.params.receiptId);
        }),
      { tags },
    );

  await app.register(certificateRoutes);
};
