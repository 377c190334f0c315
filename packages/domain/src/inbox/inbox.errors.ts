import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/**
 * Refusals of messages. A recipient the caller may not write to is refused like a missing one, naming
 * nobody: the answer never tells who exists in another client.
 */
export const INBOX_ERRORS = {
  message_recipient_unknown: {
    status: 400,
    message: {
      'zh-CN': '收件人不存在、已停用或不在您可发消息的范围内',
      'en-US': 'A recipient does not exist, is disabled or is not someone you can write to',
      'fr-FR':
        'Un destinataire n’existe pas, est désactivé ou ne fait pas partie des personnes à qui vous pouvez écrire',
    },
  },
} as const satisfies ErrorCatalogue;
