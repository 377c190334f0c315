import { stockLocationResource, type StockKind } from '@armature/domain';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';
import { screenOf, type PageScreens } from '../../lib/lazy-screens.ts';
import type { WebArea } from '../../components/web-area.ts';

const stockList = (kind: StockKind) =>
  screenOf(
    () => import('./stock-list.view.tsx'),
    (module) => module.stockListScreens,
    kind,
  );
const stockLog = (kind: Exclude<StockKind, 'waste'>) =>
  screenOf(
    () => import('./stock-log.view.tsx'),
    (module) => module.stockLogScreens,
    kind,
  );
const stockMove = (kind: 'finished' | 'tail') =>
  screenOf(
    () => import('./stock-move.view.tsx'),
    (module) => module.stockMoveScreens,
    kind,
  );

/** Receipts, balances and ledgers of every kind, by menu page id. */
const screens: Record<string, PageScreens> = {
  'rawMaterialStock.receiveCenter.rebarReceive': {
    list: () => import('./receipt-list.view.tsx'),
    'detail/:id': () => import('./receipt-detail.view.tsx'),
  },
  'rawMaterialStock.receiveCenter.rebarStock': { list: stockList('raw') },
  'rawMaterialStock.receiveCenter.receiveStockLog': {
    list: stockLog('raw'),
    // The stock-take (a rack counted by scanning) and its kept sheets: raw adjustments of this ledger.
    add: () => import('./stock-take.view.tsx'),
    'detail/:id': () => import('./stock-take-detail.view.tsx'),
  },
  'rawMaterialStock.receiveCenter.purchaseList': { list: () => import('./purchase-list.view.tsx') },
  'rebarFinished.finished.stock': { list: stockList('finished') },
  'rebarFinished.finished.stockLog': { list: stockLog('finished'), add: stockMove('finished') },
  'rebarFinished.tail.stock': { list: stockList('tail') },
  'rebarFinished.tail.stockLog': { list: stockLog('tail'), add: stockMove('tail') },
  'rebarFinished.waste.stock': { list: stockList('waste') },
  ...resourcePageScreens(stockLocationResource),
};

export const stockArea: WebArea = { name: 'stock', screens };
