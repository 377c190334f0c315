import { queryOptions } from '@tanstack/react-query';
import { PUBLIC_SCAN_ENDPOINTS } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

export const scanQueries = {
  /** What a tag shows and whether its bundle left (public: no sign-in needed). */
  answer: (scanId: string) =>
    queryOptions({
      queryKey: ['scan', scanId] as const,
      queryFn: ({ signal }) => api.call(PUBLIC_SCAN_ENDPOINTS.scan, { params: { scanId }, signal }),
      retry: false,
      meta: { silent: true },
    }),
  /** A drop as its site contact's link shows it (public: the token is the key). */
  drop: (token: string) =>
    queryOptions({
      queryKey: ['drop', token] as const,
      queryFn: ({ signal }) => api.call(PUBLIC_SCAN_ENDPOINTS.drop, { params: { token }, signal }),
      retry: false,
      meta: { silent: true },
    }),
};
