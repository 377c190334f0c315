import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of sales leads. `{from}`/`{to}`/`{status}` are localized status labels. */
export const SALES_ERRORS = {
  sales_lead_transition: {
    status: 409,
    message: {
      'zh-CN': '线索不能从“{from}”改为“{to}”',
      'en-US': 'A lead cannot go from {from} to {to}',
      'fr-FR': 'Une piste ne peut pas passer de « {from} » à « {to} »',
    },
  },
  sales_lead_not_won: {
    status: 409,
    message: {
      'zh-CN': '线索为“{status}”状态，只有赢单的线索能转为客户',
      'en-US': 'The lead is {status}: only a won lead becomes a client',
      'fr-FR': 'La piste est à l’état « {status} » : seule une piste gagnée devient un client',
    },
  },
  sales_lead_converted: {
    status: 409,
    message: {
      'zh-CN': '线索已转为客户 {client}',
      'en-US': 'The lead was already converted into client {client}',
      'fr-FR': 'La piste a déjà été convertie en client {client}',
    },
  },
} as const satisfies ErrorCatalogue;
