import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of stock moves and receipts. */
export const STOCK_ERRORS = {
  purchase_list_closed: {
    status: 409,
    message: {
      'zh-CN': '采购清单 {code} 已关闭，不能再收货',
      'en-US': 'Purchase list {code} is closed: nothing more is received against it',
      'fr-FR': 'La liste d’achat {code} est close : plus rien ne se réceptionne dessus',
    },
  },
  insufficient_stock: {
    status: 409,
    message: {
      'zh-CN': '库存不足：{stock} 现有 {available}，需要 {requested}，缺 {shortfall}',
      'en-US': 'Not enough stock: {stock} has {available}, {requested} requested, {shortfall} short',
      'fr-FR': 'Stock insuffisant : {stock} en compte {available}, {requested} demandés, il en manque {shortfall}',
    },
  },
  stock_reserved: {
    status: 409,
    message: {
      'zh-CN': '库存 {stock} 中 {reserved} 根已被 {holders} 预留，可用 {available}，需要 {requested}',
      'en-US': 'Stock {stock}: {reserved} are reserved by {holders}, {available} available, {requested} requested',
      'fr-FR':
        'Stock {stock} : {reserved} sont réservées par {holders}, {available} disponibles, {requested} demandées',
    },
  },
  receipt_reversed: {
    status: 409,
    message: {
      'zh-CN': '该收料记录已冲销',
      'en-US': 'This receipt has already been reversed',
      'fr-FR': 'Cette réception a déjà été extournée',
    },
  },
} as const satisfies ErrorCatalogue;
