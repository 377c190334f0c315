import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_ENDPOINTS, type ComposeMessage } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { type KeyFor, keyedBy } from '../../lib/idempotency-keys.ts';
import { asFieldError } from '../../lib/form-errors.ts';
import { MESSAGES_API, unreadCountQueries } from '../../lib/unread-counts.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';

/** `/api/messages`, also the root of every messages query key (the unread count's too). */
export const MESSAGES = MESSAGES_API;

export const messageLists = { messages: MESSAGE_ENDPOINTS.list };

export const messageQueries = {
  message: (id: string | undefined) => resourceQueries.detail(MESSAGE_ENDPOINTS.get, id),
  unreadCount: unreadCountQueries.messages,
  /** The people the caller may write to, matching what they typed. */
  recipients: (filter: string) =>
    queryOptions({
      queryKey: [MESSAGES, 'recipients', filter] as const,
      queryFn: ({ signal }) =>
        api.call(MESSAGE_ENDPOINTS.recipients, { params: {}, query: { filter: filter.trim() }, signal }),
    }),
};

export const messageMutations = {
  /** Sends a message; the same body sent again (a double click) reuses its idempotency key. */
  send: (keyFor: KeyFor) =>
    mutationOptions({
      mutationFn: (body: ComposeMessage) =>
        api.call(MESSAGE_ENDPOINTS.send, { params: {}, body, ...keyedBy(keyFor, body) }).catch((error: unknown) => {
          // A recipient refused (another client's, or gone) is told on the recipients field.
          throw asFieldError(error, 'message_recipient_unknown', 'recipientIds');
        }),
    }),
  markRead: () =>
    mutationOptions({
      mutationFn: (id: string) => api.call(MESSAGE_ENDPOINTS.read, { params: { id } }),
    }),
};

/** After a write: both boxes, the message read and the unread count (the envelope's too). */
export async function refreshMessages(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: resourceKeys.root(MESSAGES) });
}
