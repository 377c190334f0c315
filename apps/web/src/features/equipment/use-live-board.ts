import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { followEventStream } from '../../lib/event-stream.ts';
import { useSession } from '../../lib/use-session.ts';
import { equipmentQueries, twinEventFollower } from './equipment.queries.ts';

/**
 * The digital-twin board of the current product, kept current: read once, then followed through
 * `GET /api/digitalTwin/events` (a `board` snapshot on every (re)connection, then a `card` per change,
 * drawn in batches by `twinEventFollower`), reconnecting with backoff while the page is open. The
 * server scopes the stream by the current product when it opens, so choosing another product opens a
 * new one.
 */
export function useLiveBoard() {
  const queryClient = useQueryClient();
  const board = useQuery(equipmentQueries.board());
  const [reconnecting, setReconnecting] = useState(false);
  const productId = useSession()?.product?.activeId;

  useEffect(() => {
    const controller = new AbortController();
    const follower = twinEventFollower(queryClient);
    followEventStream('digitalTwin/events', {
      signal: controller.signal,
      onStatus: (status) => setReconnecting(status === 'reconnecting'),
      onEvent: (event) => follower.apply(event.event, event.data),
    }).catch(() => {
      // Refused (no access any more): reading the board again tells the user.
      void queryClient.invalidateQueries({ queryKey: equipmentQueries.board().queryKey });
    });
    return () => {
      controller.abort();
      follower.stop();
    };
  }, [queryClient, productId]);

  return { board, reconnecting };
}
