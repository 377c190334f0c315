import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  TASK_ACTION_ENDPOINTS,
  TASK_BULK_ACTIONS,
  TASK_ENDPOINTS,
  REPLAN_ENDPOINTS,
  TASK_PERMISSIONS,
} from '@armature/domain';
import { requirePrincipal } from '../../core/auth/access.plugin.ts';
import { holds } from '../../core/auth/principal.ts';
import { AppError } from '../../core/http/app-error.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { actionRoutes } from '../../core/http/action-routes.ts';
import { listTasks, resolveTask, taskDetail, taskQueue } from './task.query.ts';
import { transitionTask, type PlainTaskAction } from './task.command.ts';
import { reportTask } from './task-completion.ts';
import { withdrawMachineJobs } from './machine-job.command.ts';
import { bulkTasks } from './task-bulk.ts';
import { dispatchTask } from './task-dispatch.command.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { replanProposal } from './task-replan.query.ts';
import { applyReplan } from './task-replan.command.ts';
import { chooseOperatorMachine, operatorMachineOf } from './operator-machine.ts';

/** The operator's page and the task list both open a machine's queue and a scanned tag. */
function requireOperatorOrReader(request: FastifyRequest) {
  const principal = requirePrincipal(request);
  if (!holds(principal, TASK_PERMISSIONS.operator) && !holds(principal, TASK_PERMISSIONS.read))
    throw new AppError('forbidden');
}

/** The status-only transitions (their endpoints in TASK_ACTION_ENDPOINTS). */
const TRANSITIONS = ['start', 'resume', 'pause', 'cancel'] as const satisfies readonly PlainTaskAction[];

/**
 * Machine tasks of the current product: the list by machine and shift, a machine's queue,
 * a scanned tag, the detail; one command per transition; progress reports and completion, which move
 * the stock in one transaction each. Every write answers the task's detail.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['task'];

  endpointRoute(
    app,
    TASK_ENDPOINTS.list,
    async (request) => listTasks(app.db, (await request.scope()).productId, request.query),
    { tags },
  );

  endpointRoute(
    app,
    TASK_ENDPOINTS.queue,
    async (request) => {
      requireOperatorOrReader(request);
      return taskQueue(app.db, (await request.scope()).productId, request.query.equipmentId, request.query.next);
    },
    { tags },
  );

  endpointRoute(
    app,
    TASK_ENDPOINTS.myMachine,
    async (request) => {
      requireOperatorOrReader(request);
      return { equipmentId: await operatorMachineOf(app.db, await request.scope()) };
    },
    { tags },
  );

  endpointRoute(
    app,
    TASK_ENDPOINTS.chooseMachine,
    async (request, reply) => {
      requireOperatorOrReader(request);
      const scope = await request.scope();
      return runWrite(request, reply, async (tx) => ({
        equipmentId: await chooseOperatorMachine(tx, scope, request.body.equipmentId),
      }));
    },
    { tags },
  );

  for (const action of TASK_BULK_ACTIONS)
    endpointRoute(
      app,
      TASK_ENDPOINTS.bulk[action],
      async (request, reply) =>
        runWrite(request, reply, async (tx) => bulkTasks(tx, await request.actor(), action, request.body.ids)),
      { tags },
    );

  // Re-planning released work: a breakdown, a move by hand, a rush order. The preview reads only.
  endpointRoute(
    app,
    REPLAN_ENDPOINTS.preview,
    async (request) => (await replanProposal(app.db, (await request.scope()).productId, request.body)).proposal,
    { tags },
  );
  endpointRoute(
    app,
    REPLAN_ENDPOINTS.apply,
    async (request, reply) =>
      runWrite(request, reply, async (tx) => applyReplan(tx, await request.actor(), request.body)),
    { tags },
  );

  endpointRoute(
    app,
    TASK_ENDPOINTS.resolve,
    async (request) => {
      requireOperatorOrReader(request);
      const { code, equipmentId } = request.query;
      return resolveTask(app.db, (await request.scope()).productId, code, equipmentId);
    },
    { tags },
  );

  endpointRoute(
    app,
    TASK_ENDPOINTS.get,
    async (request) => taskDetail(app.db, (await request.scope()).productId, request.params.id),
    { tags },
  );

  const act = actionRoutes(app, {
    tags,
    writer: (request) => request.actor(),
    detail: (tx, actor, id) => taskDetail(tx, actor.scope.productId, id),
  });
  act(TASK_ACTION_ENDPOINTS.dispatch, (tx, actor, id) => dispatchTask(tx, actor, id));
  for (const action of TRANSITIONS)
    act(TASK_ACTION_ENDPOINTS[action], (tx, actor, id) => transitionTask(tx, actor, id, action));
  act(TASK_ACTION_ENDPOINTS.fail, (tx, actor, id, body) => transitionTask(tx, actor, id, 'fail', body.reason));
  // Progress reports and completion move the stock in the same transaction.
  act(TASK_ACTION_ENDPOINTS.report, (tx, actor, id, body) => reportTask(tx, actor, id, body, false));
  // Completed by hand, its production is booked: a machine still holding the job must not make it again.
  act(TASK_ACTION_ENDPOINTS.complete, async (tx, actor, id, body) => {
    await reportTask(tx, actor, id, body, true);
    await withdrawMachineJobs(tx, id, 'completed');
  });
};
