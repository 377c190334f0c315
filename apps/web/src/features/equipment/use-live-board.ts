import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { followEventStream } from '../../lib/event-stream.ts';
import { useSession } from '../../lib/use-session.ts';
import { applyTwinEvent, equipmentQueries } from './equipment.queries.ts';

/**
 * The digital-twin board of the current product, kept current: read once, then followed through
 * `GET /api/digitalTwin/events` (a `board` snapshot on every (re)connection, then a `card` per change,
 * each replacing its card in the cache), reconnecting with backoff while the page is open. The server
 * scopes the stream by the current product when it opens, so choosing another product opens a new one.
 */
export function useLiveBoard() {
  const queryClient = useQueryClient();
  const board = useQuery(equipmentQueries.board());
  const [reconnecting, setReconnecting] = useState(false);
  const productId = useSession()?.product?.activeId;

  useEffect(() => {
    const controller = new AbortController();
    followEventStream('digitalTwin/events', {
      signal: controller.signal,
      onStatus: (status) => setReconnecting(status === 'reconnecting'),
      onEvent: (event) => applyTwinEvent(queryClient, event.event, event.data),
    }).catch(() => {
      // Refused (no access any more): reading the board again tells the user.
      void queryClient.invalidateQueries({ queryKey: equipmentQueries.board().queryKey });
    });
    return () => controller.abort();
  }, [queryClient, productId]);

  return { board, reconnecting };
}
