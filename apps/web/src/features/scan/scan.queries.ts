import { queryOptions } from '@tanstack/react-query';
import { scanAnswerSchema } from '@armature/domain';
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
};
