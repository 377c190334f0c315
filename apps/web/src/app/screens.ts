import type { PageScreens } from '../lib/lazy-screens.ts';
import { assembleScreens } from './assemble-areas.ts';
import { WEB_AREAS } from './areas.ts';
import type { WebArea } from '../components/web-area.ts';

export type { PageScreens, ScreenModule } from '../lib/lazy-screens.ts';

/**
 * The screens that exist, by menu page id. A page of the server's menu tree with no entry here is
 * hidden from the web menu (never a placeholder page); the router builds lazy routes from this map:
 * `list` at the page url, each sub-route (`add`, `update/:id`, `detail/:id`, `children/:id`) below it.
 */
export const SCREENS: Readonly<Record<string, PageScreens>> = assembleScreens(WEB_AREAS);

/** The areas' start pages for the plant users whose work is theirs (`WebArea.home`), the first that answers wins. */
export const AREA_HOMES: readonly NonNullable<WebArea['home']>[] = WEB_AREAS.flatMap((area) =>
  area.home ? [area.home] : [],
);
