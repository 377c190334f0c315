import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client.ts';
import { applyFieldErrors } from './form-errors.ts';
import { errorMessage } from './error-message.ts';

/**
 * `meta` of a query or mutation: `form` puts a 400 answer's field messages on that form's fields
 * instead of the message bar (a 409's on its fields and in the bar); `silent` leaves the error to the caller.
 */
export type RequestMeta = { form?: FormInstance; silent?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

function report(error: unknown, meta: RequestMeta | undefined, showError: (message: string) => void): void {
  if (meta?.silent) return;
  const onFields = meta?.form !== undefined && applyFieldErrors(meta.form, error);
  // A 400 is fully told on its fields; a conflict's message (which value clashes) is worth the bar too.
  if (onFields && error instanceof ApiError && error.status === 400) return;
  showError(errorMessage(error));
}

/** Every failed call shows the server's message in the message bar, once, here. */
export function createQueryClient(showError: (message: string) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta, showError) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta, showError),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (400–499) and answers of the wrong shape will not change on a retry; network and server errors may.
        retry: (failures, error) =>
          failures < 2 &&
          !(
            error instanceof ApiError &&
            ((error.status >= 400 && error.status < 500) || error.code === 'invalid_response')
          ),
        refetchOnWindowFocus: false,
      },
    },
  });
}
