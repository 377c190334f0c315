import { productResource, rebarResource, stockLocationResource } from '@armature/domain';
import type { Area } from '../../core/area.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { registerResourceRoutes } from '../../core/crud/register-resource-routes.ts';
import { stockRoutes } from './stock.routes.ts';
import { stockRelocateRoutes } from './stock-relocate.routes.ts';
import { locationUsage } from './stock-relocate.command.ts';
import { purchaseListRoutes } from './purchase-list.routes.ts';
import { stockUsage } from './stock.query.ts';

export { seedStockHistory } from './stock.seed.ts';
export { stockLogsOfSource } from './stock-log.query.ts';
export { stockSummary } from './stock.query.ts';
export { freeRawGramsBySpec, reservedGrams } from './free-raw-stock.query.ts';
export { applyStockMoves, type StockMove } from './stock-move.service.ts';
export { heatsCutBy, heatsOfStockRows, lotCodesOfRows } from './offcut-lot.service.ts';
export { offcutLabelsOfTask, offcutLabelsPdf } from './offcut-label.ts';
export { offcutLots } from './offcut-lot.table.ts';
export { barPlaces } from './bar-place.query.ts';
export {
  cancelPurchaseList,
  createPurchaseList,
  purchaseListsOfPlans,
  setPurchaseNeededBy,
} from './purchase-list.service.ts';
export { purchaseListLines, purchaseLists } from './purchase-list.table.ts';
export { stockLogs, stocks } from './stock.table.ts';
export { stockReservations } from './stock-reservation.table.ts';
export { findReceipt, lockReceipt, type LockedReceipt } from './rebar-receive.service.ts';
export { applyReceiptVerdict, releaseReceipt, returnReceipt } from './receipt-quality.command.ts';
export {
  addReservation,
  availableStock,
  PLAN_RESERVATION,
  PURCHASE_RESERVATION,
  rawBarLots,
  releaseReservations,
  reservationsOf,
  reservationsRelease,
  reserveStock,
  takeReserved,
  takeReservedFrom,
  type AvailableStock,
  type ReservationShortfall,
} from './stock-reservation.service.ts';

/** Raw receipts, the four stocks and their ledgers; it keeps the rebar specs and products it holds. */
export const stockArea: Area = {
  name: 'stock',
  routes: async (app) => {
    addUsageCheck(app, rebarResource.name, (tx, rebarId) => stockUsage(tx, { rebarId }));
    addUsageCheck(app, productResource.name, (tx, productId) => stockUsage(tx, { productId }));
    addUsageCheck(app, stockLocationResource.name, locationUsage);
    registerResourceRoutes(app, stockLocationResource);
    await app.register(stockRoutes);
    await app.register(stockRelocateRoutes);
    await app.register(purchaseListRoutes, { prefix: '/purchaseList' });
  },
};
