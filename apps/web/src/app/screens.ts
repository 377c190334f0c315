import type { ComponentType } from 'react';
import type { StockKind, SubRoute } from '@armature/domain';
import { resourceEndpoints, type ResourceEndpoint } from '@armature/domain';
import { pageSubRoutes } from '../components/resource/resource-endpoint.ts';
import type { ResourceScreenKind } from '../features/basic-config/resource-screens.tsx';

/**
 * The screens that exist, by menu page id. A page of the server's menu tree with no entry here is
 * hidden from the web menu (never a placeholder page); the router builds lazy routes from this map:
 * `list` at the page url, each sub-route (`add`, `update/:id`, `detail/:id`, `children/:id`) below it.
 */
export type ScreenModule = { default: ComponentType };
export type PageScreens = { list: () => Promise<ScreenModule> } & Partial<
  Record<SubRoute, () => Promise<ScreenModule>>
>;

/**
 * The generic screens of a resource page (one lazy chunk for all of them): the list, and each
 * sub-route the menu gives the page that the resource's operations allow.
 */
function resourcePageScreens(endpoint: ResourceEndpoint): PageScreens {
  const load = (kind: ResourceScreenKind) => async (): Promise<ScreenModule> => ({
    default: (await import('../features/basic-config/resource-screens.tsx')).resourceScreen(endpoint.page, kind),
  });
  const subRoutes = pageSubRoutes(endpoint.page);
  const offers = (subRoute: SubRoute, operation?: 'create' | 'update') =>
    subRoutes.includes(subRoute) && (!operation || endpoint.resource.operations.includes(operation));
  return {
    list: load('list'),
    ...(offers('add', 'create') && { add: load('form') }),
    ...(offers('update/:id', 'update') && { 'update/:id': load('form') }),
    ...(offers('detail/:id') && { 'detail/:id': load('detail') }),
  };
}

/** A screen of a module that has one per stock kind (`stockListScreens.raw`…). */
const byKind =
  <K extends StockKind, M>(load: () => Promise<M>, pick: (module: M) => Record<K, ComponentType>, kind: K) =>
  async (): Promise<ScreenModule> => ({ default: pick(await load())[kind] });

const stockList = (kind: StockKind) =>
  byKind(
    () => import('../features/stock/stock-list.view.tsx'),
    (module) => module.stockListScreens,
    kind,
  );
const stockLog = (kind: Exclude<StockKind, 'waste'>) =>
  byKind(
    () => import('../features/stock/stock-log.view.tsx'),
    (module) => module.stockLogScreens,
    kind,
  );
const stockMove = (kind: 'finished' | 'tail') =>
  byKind(
    () => import('../features/stock/stock-move.view.tsx'),
    (module) => module.stockMoveScreens,
    kind,
  );

export const SCREENS: Record<string, PageScreens> = {
  ...Object.fromEntries(resourceEndpoints().map((endpoint) => [endpoint.page, resourcePageScreens(endpoint)])),
  'basicConfig.user.personnel': {
    list: () => import('../features/rbac/personnel-list.view.tsx'),
    add: () => import('../features/rbac/personnel-form.view.tsx'),
    'update/:id': () => import('../features/rbac/personnel-form.view.tsx'),
  },
  'basicConfig.user.roles': {
    list: () => import('../features/rbac/role-list.view.tsx'),
    add: () => import('../features/rbac/role-form.view.tsx'),
    'update/:id': () => import('../features/rbac/role-form.view.tsx'),
  },
  'rawMaterialStock.receiveCenter.rebarReceive': {
    list: () => import('../features/stock/receipt-list.view.tsx'),
    'detail/:id': () => import('../features/stock/receipt-detail.view.tsx'),
  },
  'rawMaterialStock.receiveCenter.rebarStock': { list: stockList('raw') },
  'rawMaterialStock.receiveCenter.receiveStockLog': { list: stockLog('raw') },
  'rebarFinished.finished.stock': { list: stockList('finished') },
  'rebarFinished.finished.stockLog': { list: stockLog('finished'), add: stockMove('finished') },
  'rebarFinished.tail.stock': { list: stockList('tail') },
  'rebarFinished.tail.stockLog': { list: stockLog('tail'), add: stockMove('tail') },
  'rebarFinished.waste.stock': { list: stockList('waste') },
};
