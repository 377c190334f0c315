import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DIGITAL_TWIN_PERMISSIONS,
  idParamsSchema,
  twinBoardSchema,
  twinDetailQuerySchema,
  twinDetailSchema,
} from '@armature/domain';
import { openEventStream } from '../../core/events/sse.ts';
import { TwinCardFeeds } from './digital-twin.feed.ts';
import { readBoard, readDetail } from './digital-twin.query.ts';

/**
 * The digital-twin overview of the caller's current product line: the board (a card per machine
 * installed on it), a machine's day, and the board's live stream (`board` first, then a `card` per
 * changed machine, from whichever API process the telemetry reached).
 */
export const digitalTwinRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['digitalTwin'];
  const access = DIGITAL_TWIN_PERMISSIONS.read;
  let feeds: TwinCardFeeds | undefined;
  app.addHook('onClose', async () => feeds?.close());

  app.get('/board', { config: { access }, schema: { tags, response: { 200: twinBoardSchema } } }, async (request) =>
    readBoard(app.db, (await request.scope()).productId),
  );

  app.get(
    '/equipment/:id',
    {
      config: { access },
      schema: { tags, params: idParamsSchema, querystring: twinDetailQuerySchema, response: { 200: twinDetailSchema } },
    },
    async (request) => readDetail(app.db, (await request.scope()).productId, request.params.id, request.query.day),
  );

  app.get(
    '/events',
    { config: { access }, schema: { tags, produces: ['text/event-stream'] } },
    async (request, reply) => {
      const { productId } = await request.scope();
      if (app.events) feeds ??= new TwinCardFeeds(app.db, app.events, app.log);
      return openEventStream(request, reply, {
        channels: [],
        feeds: feeds ? [(send) => feeds!.follow(productId, send)] : [],
        snapshot: async () => [{ event: 'board', data: await readBoard(app.db, productId) }],
      });
    },
  );
};
