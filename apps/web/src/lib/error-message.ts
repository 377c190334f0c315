import i18next from 'i18next';
import { ApiError } from './api-client.ts';

/** What to tell the user about a failure: the server's localized message, else a local one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18next.t('errors.network_error');
    // The technical detail (which field of which answer) is in `error.message`, not for the user.
    if (error.code === 'invalid_response') return i18next.t('errors.invalid_response');
    return error.message;
  }
  return i18next.t('errors.unexpected');
}
