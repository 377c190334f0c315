import i18next from 'i18next';
import { ApiError } from './api-client.ts';

/** What to tell the user about a failure: the server's localized message, else a local one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? i18next.t('errors.network_error') : error.message;
  return i18next.t('errors.unexpected');
}
