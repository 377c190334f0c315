import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of messages. `{names}` lists user names. */
export const INBOX_ERRORS = {
  message_recipient_out_of_scope: {
    status: 400,
    message: {
      'zh-CN': '不能给其他客户的用户发消息：{names}',
      'en-US': 'You cannot write to users of another client: {names}',
      'fr-FR': 'Vous ne pouvez pas écrire aux utilisateurs d’un autre client : {names}',
    },
  },
  message_recipient_unknown: {
    status: 400,
    message: {
      'zh-CN': '收件人不存在或已停用',
      'en-US': 'A recipient does not exist or is disabled',
      'fr-FR': 'Un destinataire n’existe pas ou est désactivé',
    },
  },
} as const satisfies ErrorCatalogue;
