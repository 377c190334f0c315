import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCTION_INSPECTION_ENDPOINTS as ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { localeOf } from '../../core/http/errors.plugin.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { inspectionDetail } from './inspection.query.ts';
import { dueInspection } from './production-due.ts';
import { recordProductionInspection } from './production-inspection.ts';
import { listSamplingPlans, saveSamplingPlan } from './sampling-plan.ts';

/**
 * Production inspections and sampling plans, under `/api/inspection`:
 *
 * - `GET /sampling-plans` (`intelligentProcess.quality.samplingPlan`): every technique of stage
 *   `production` with the current product's rule — check the first piece of each task, then every
 *   `everyN`th (0, the default: the first only).
 * - `PUT /sampling-plans/{techniqueId}` (`….samplingPlan.update`), body `{ everyN }`: sets the rule
 *   (created or replaced) and answers it; 404 for an unknown or receiving technique.
 * - `GET /task/{taskId}/due` (`intelligentProcess.quality.inspection.add`): pieces made so far, the
 *   sample piece numbers due and not yet recorded (at most 20, oldest first), the task's technique's
 *   characteristics with their absolute limits for its spec, and whether the task is flagged.
 * - `POST /task/{taskId}` (`….inspection.add`), body `productionInspectionInputSchema`: records the
 *   checks of piece `pieceNo` and answers 201 with the inspection. 404 for another product's task;
 *   409 `inspection_task_not_started` (pending, dispatched, cancelled), 409 `inspection_piece_not_made`
 *   (beyond the pieces reported); 400 `inspection_task_technique` naming `checks.{i}.inspectionTypeId`
 *   for a characteristic of another technique, 400 on `checks.{i}.<field>` for a missing entry, 400 on
 *   `scrapPieces` beyond the task's good pieces. A failure flags the task, adds `scrapPieces` (default
 *   1) to its scrap, moves them from finished stock (or a bender's pending pieces) to waste with ledger
 *   rows of source `inspection`, lowers the order line's produced quantity and records a task event
 *   (`inspection`). Idempotent with an `Idempotency-Key`.
 */
export const productionInspectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inspection'];

  endpointRoute(
    app,
    ENDPOINTS.samplingPlans,
    async (request) => listSamplingPlans(app.db, (await request.scope()).productId, localeOf(request)),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.saveSamplingPlan,
    async (request, reply) => {
      const scope = await request.scope();
      return runWrite(request, reply, (tx) =>
        saveSamplingPlan(tx, scope, request.params.techniqueId, request.body.everyN, localeOf(request)),
      );
    },
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.due,
    async (request) => dueInspection(app.db, (await request.scope()).productId, request.params.taskId),
    { tags },
  );

  endpointRoute(
    app,
    ENDPOINTS.record,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => {
        const actor = await request.actor();
        const id = await recordProductionInspection(tx, actor, request.params.taskId, request.body);
        return inspectionDetail(tx, actor.scope.productId, id, actor.locale);
      }),
    { tags },
  );
};
