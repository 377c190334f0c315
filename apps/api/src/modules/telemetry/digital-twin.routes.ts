import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DIGITAL_TWIN_ENDPOINTS, DIGITAL_TWIN_PERMISSIONS } from '@armature/domain';
import type { TwinBoard, TwinCard } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { openEventStream, type SseBatch, type SseMessage } from '../../core/events/sse.ts';
import { TwinCardFeeds } from './digital-twin.feed.ts';
import { readBoard, readDetail } from './digital-twin.query.ts';
import type { TelemetryService } from './telemetry-service.ts';

/**
 * A card as a process cut off from the broker shows it: a machine that reports telemetry is `offline`
 * (not available) since the link was lost, whatever was stored before — nothing it sent since could be
 * heard. The stored state is left alone: the process is deaf, the machine may be fine, and another
 * process may still hear it.
 */
function unheard(card: TwinCard, since: Date): TwinCard {
  return card.telemetry ? { ...card, operationStatus: 'offline', mode: null, statusSince: since.toISOString() } : card;
}

/**
 * The digital-twin overview of the caller's current product line: the board (a card per machine
 * installed on it), a machine's day, and the board's live stream (`board` first, then a `card` per
 * changed machine, from whichever API process the telemetry reached).
 */
export const digitalTwinRoutes: FastifyPluginAsyncZod<{ telemetry: TelemetryService }> = async (app, { telemetry }) => {
  const tags = ['digitalTwin'];
  const access = DIGITAL_TWIN_PERMISSIONS.read;
  let feeds: TwinCardFeeds | undefined;
  app.addHook('onClose', async () => feeds?.close());

  /** The board as this process can vouch for it (see `unheard`). */
  const board = async (productId: string): Promise<TwinBoard> => {
    const stored = await readBoard(app.db, productId);
    const since = telemetry.deafSince;
    return since ? { ...stored, items: stored.items.map((card) => unheard(card, since)) } : stored;
  };
  const shownOne = (message: SseMessage): SseMessage => {
    const since = telemetry.deafSince;
    if (!since) return message;
    if (message.event === 'card') return { ...message, data: unheard(message.data as TwinCard, since) };
    if (message.event === 'board') {
      const data = message.data as TwinBoard;
      return { ...message, data: { ...data, items: data.items.map((card) => unheard(card, since)) } };
    }
    return message;
  };
  // Cut off, every stream gets its own copies (shown offline); heard, the feed's batch goes on as it is.
  const shown = (batch: SseBatch): SseBatch =>
    telemetry.deafSince ? (Array.isArray(batch) ? batch.map(shownOne) : shownOne(batch as SseMessage)) : batch;

  endpointRoute(app, DIGITAL_TWIN_ENDPOINTS.board, async (request) => board((await request.scope()).productId), {
    tags,
  });

  endpointRoute(
    app,
    DIGITAL_TWIN_ENDPOINTS.machine,
    async (request) => readDetail(app.db, (await request.scope()).productId, request.params.id, request.query.day),
    { tags },
  );

  // A live event stream, not one answer: served by hand.

  app.get(
    '/events',
    { config: { access }, schema: { tags, produces: ['text/event-stream'] } },
    async (request, reply) => {
      const { productId } = await request.scope();
      if (app.events) feeds ??= new TwinCardFeeds(app.db, app.events, app.log, app.feedClock);
      // The whole board again when this process loses the broker (its machines shown offline) and when it
      // hears again (their stored states, which the machines' reconnections have been updating since).
      const linkFeed = (send: (message: SseMessage) => void) =>
        telemetry.onLinkChange(() => {
          board(productId).then(
            (data) => send({ event: 'board', data }),
            (error: unknown) => request.log.warn({ err: error }, 'reading the board after a broker link change failed'),
          );
        });
      return openEventStream(request, reply, {
        channels: [],
        feeds: [
          ...(feeds
            ? [(send: (batch: SseBatch) => void) => feeds!.follow(productId, (batch) => send(shown(batch)))]
            : []),
          linkFeed,
        ],
        snapshot: async () => [{ event: 'board', data: await board(productId) }],
      });
    },
  );
};
