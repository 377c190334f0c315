import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { SubRoute } from '@armature/domain';

/**
 * The screens of a menu page, each a lazily loaded module: `list` at the page url, each sub-route
 * (`add`, `update/:id`, `detail/:id`, `children/:id`) below it. Features declare them; the app routes them.
 */
export type ScreenModule = { default: ComponentType };
export type PageScreens = { list: () => Promise<ScreenModule> } & Partial<
  Record<SubRoute, () => Promise<ScreenModule>>
>;

export type LazyRoute = NonNullable<RouteObject['lazy']>;

/** A lazily loaded route component: its chunk is fetched when the route is first visited. */
export const lazyView =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute =>
  async () => ({ Component: pick(await load()) });

/** A screen of a module that exports one per variant (`stockListScreens.raw`…). */
export const screenOf =
  <K extends string, M>(load: () => Promise<M>, pick: (module: M) => Record<K, ComponentType>, key: K) =>
  async (): Promise<ScreenModule> => ({ default: pick(await load())[key] });
