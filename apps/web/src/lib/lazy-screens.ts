import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { SubRoute } from '@armature/domain';
import { loadTexts } from './i18n.ts';

/**
 * The screens of a menu page, each a lazily loaded module: `list` at the page url, each sub-route
 * (`add`, `update/:id`, `detail/:id`, `children/:id`) below it. Features declare them; the app routes them.
 */
export type ScreenModule = { default: ComponentType };
export type PageScreens = { list: () => Promise<ScreenModule> } & Partial<
  Record<SubRoute, () => Promise<ScreenModule>>
>;

export type LazyRoute = () => Promise<Pick<RouteObject, 'Component'>>;

/** A lazily loaded route component: its chunk is fetched when the route is first visited. */
export const lazyView =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute =>
  async () => ({ Component: pick(await load()) });

/**
 * A lazy route whose screens need these text namespaces: they load beside its chunk, and the route renders
 * once both are in (no keys flash on screen). Routes below it find them loaded.
 */
export const withTexts =
  (namespaces: readonly string[], route: LazyRoute): LazyRoute =>
  async () =>
    (await Promise.all([route(), loadTexts(namespaces)]))[0];

/** A screen of a module that exports one per variant (`stockListScreens.raw`…). */
export const screenOf =
  <K extends string, M>(load: () => Promise<M>, pick: (module: M) => Record<K, ComponentType>, key: K) =>
  async (): Promise<ScreenModule> => ({ default: pick(await load())[key] });
