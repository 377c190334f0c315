import type { Localized } from '../core/i18n/locales.ts';

/**
 * What a machine is doing. Telemetry sets it (`…/state`, the last will gives `offline`); a plant user
 * sets it by hand only for a machine that sends none (`telemetry: false`).
 */
export const OPERATION_STATUSES = ['running', 'idle', 'fault', 'offline', 'maintenance'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Where a machine stands commercially, on the maker's side. */
export const SALE_STATUSES = ['inStock', 'sold', 'leased'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export const OPERATION_STATUS_LABELS: Readonly<Record<OperationStatus, Localized>> = {
  running: { 'zh-CN': '运行', 'en-US': 'Running', 'fr-FR': 'En marche' },
  idle: { 'zh-CN': '空闲', 'en-US': 'Idle', 'fr-FR': 'À l’arrêt' },
  fault: { 'zh-CN': '故障', 'en-US': 'Fault', 'fr-FR': 'En défaut' },
  offline: { 'zh-CN': '离线', 'en-US': 'Offline', 'fr-FR': 'Hors ligne' },
  maintenance: { 'zh-CN': '维护', 'en-US': 'Maintenance', 'fr-FR': 'Maintenance' },
};

export const SALE_STATUS_LABELS: Readonly<Record<SaleStatus, Localized>> = {
  inStock: { 'zh-CN': '库存', 'en-US': 'In stock', 'fr-FR': 'En stock' },
  sold: { 'zh-CN': '已售', 'en-US': 'Sold', 'fr-FR': 'Vendu' },
  leased: { 'zh-CN': '租赁', 'en-US': 'Leased', 'fr-FR': 'Loué' },
};

/** The colour a state is drawn in on the board, the timeline and the tags (antd preset names). */
export const OPERATION_STATUS_COLOURS: Readonly<Record<OperationStatus, string>> = {
  running: 'green',
  idle: 'gold',
  fault: 'red',
  offline: 'default',
  maintenance: 'blue',
};

/**
 * OPC 40001-1 (OPC UA for Machinery) item state × operation mode for each status. docs/telemetry.md
 * prints this table.
 */
export const OPC_UA_MACHINERY_STATES: Readonly<Record<OperationStatus, { itemState: string; operationMode: string }>> =
  {
    running: { itemState: 'Executing', operationMode: 'Processing' },
    idle: { itemState: 'NotExecuting', operationMode: 'Processing' },
    fault: { itemState: 'OutOfService', operationMode: 'None' },
    maintenance: { itemState: 'OutOfService', operationMode: 'Maintenance' },
    offline: { itemState: 'NotAvailable', operationMode: 'None' },
  };
