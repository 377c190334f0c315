import { queryOptions } from '@tanstack/react-query';
import { dropViewSchema, scanAnswerSchema } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

export const scanQueries = {
  /** What a tag shows and whether its bundle left (public: no sign-in needed). */
  answer: (scanId: string) =>
    queryOptions({
      queryKey: ['scan', scanId] as const,
      queryFn: ({ signal }) => api.get(`scan/${encodeURIComponent(scanId)}`, scanAnswerSchema, undefined, { signal }),
      retry: false,
      meta: { silent: true },
    }),
  /** A drop as its site contact's link shows it (public: the token is the key). */
  drop: (token: string) =>
    queryOptions({
      queryKey: ['drop', token] as const,
      queryFn: ({ signal }) => api.get(`drop/${encodeURIComponent(token)}`, dropViewSchema, undefined, { signal }),
      retry: false,
      meta: { silent: true },
    }),
};
