import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORKBENCH_ENDPOINTS } from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { dashboard } from './dashboard.query.ts';
import { myTasks } from './my-tasks.query.ts';

/** The maker's staff may not have chosen a product: their password resets still wait for them. */
function noProductChosen(error: unknown): null {
  if (error instanceof AppError && error.code === 'no_product_selected') return null;
  throw error;
}

/**
 * The signed-in user's day in the current product, for any signed-in user: what each
 * part shows depends on the pages and buttons they hold.
 *
 * - `GET /my-tasks?machineId`: what waits for the caller — draft orders to confirm, optimised plans to
 *   approve, the tasks queued on their machine (`machineId`, a machine of the line, else 404), password
 *   resets of the users they manage, specs whose free raw stock is below its minimum; `counts` per kind
 *   they may act on.
 * - `GET /dashboard`: today's production and OEE by machine, open orders due this week, raw and tail
 *   stock by diameter with what plans reserved, and the waste rate of the last 30 plant days.
 */
export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['workbench'];

  endpointRoute(
    app,
    WORKBENCH_ENDPOINTS.myTasks,
    async (request) =>
      myTasks(app.db, {
        principal: requirePrincipal(request),
        scope: await request.scope().catch(noProductChosen),
        machineId: request.query.machineId,
      }),
    { tags },
  );

  endpointRoute(
    app,
    WORKBENCH_ENDPOINTS.dashboard,
    async (request) => dashboard(app.db, requirePrincipal(request), (await request.scope()).productId),
    { tags },
  );
};
