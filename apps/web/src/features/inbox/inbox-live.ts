import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { unreadCountSchema } from '@armature/domain';
import { followEventStream } from '../../lib/event-stream.ts';
import { useSession } from '../../lib/use-session.ts';
import { MESSAGES, NOTIFICATIONS, inboxKeys } from './inbox.queries.ts';

/** The stream's two events, each carrying the caller's unread count, and the query key root each refreshes. */
const STREAMED = {
  notifications: { root: NOTIFICATIONS, count: inboxKeys.unreadNotifications() },
  messages: { root: MESSAGES, count: inboxKeys.unreadMessages() },
} as const;

function isStreamed(event: string): event is keyof typeof STREAMED {
  return event in STREAMED;
}

function parseCount(data: string): number | undefined {
  try {
    const parsed = unreadCountSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.count : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts a pushed count in place and, when it changed, reads again what lists the notifications or
 * messages (a new one arrived, or another tab read some), leaving the count itself as pushed.
 */
function applyCount(queryClient: QueryClient, kind: keyof typeof STREAMED, count: number) {
  const { root, count: countKey } = STREAMED[kind];
  const before = queryClient.getQueryData<{ count: number }>(countKey)?.count;
  queryClient.setQueryData(countKey, { count });
  if (before === count) return;
  const isCount = (key: QueryKey) => key.length === countKey.length && key.every((part, i) => part === countKey[i]);
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === root && !isCount(query.queryKey),
  });
}

/**
 * Follows `GET /api/notifications/events` while signed in: a snapshot of both unread counts first,
 * then each change, pushed by the server (through the API client: the bearer token, reconnecting with
 * backoff). A new user (sign-out and in) opens a new stream; the counts are read by plain requests
 * too, so a refused stream only loses the live updates.
 */
export function useInboxStream(): void {
  const queryClient = useQueryClient();
  const userId = useSession()?.user?.id;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    followEventStream(`${NOTIFICATIONS}/events`, {
      signal: controller.signal,
      onEvent: (event) => {
        if (!isStreamed(event.event)) return;
        const count = parseCount(event.data);
        if (count !== undefined) applyCount(queryClient, event.event, count);
      },
    }).catch(() => {
      // A 4xx (signed out meanwhile): the counts stay as last read.
    });
    return () => controller.abort();
  }, [userId, queryClient]);
}
