import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of printing bundle tags. */
export const TAG_ERRORS = {
  tags_none: {
    status: 409,
    message: {
      'zh-CN': '没有可打印的料牌：所选范围内没有捆',
      'en-US': 'No tags to print: there are no bundles in this selection',
      'fr-FR': 'Aucune étiquette à imprimer : aucun fardeau dans cette sélection',
    },
  },
  printer_unreachable: {
    status: 502,
    message: {
      'zh-CN': '标签打印机 {printer}（{address}）无法连接：{reason}',
      'en-US': 'Label printer {printer} ({address}) cannot be reached: {reason}',
      'fr-FR': 'L’imprimante d’étiquettes {printer} ({address}) est injoignable : {reason}',
    },
  },
} as const satisfies ErrorCatalogue;
