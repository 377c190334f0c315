import type { PageScreens } from '../lib/lazy-screens.ts';
import { assembleScreens } from './assemble-areas.ts';
import { WEB_AREAS } from './areas.ts';

export type { PageScreens, ScreenModule } from '../lib/lazy-screens.ts';

/**
 * The screens that exist, by menu page id. A page of the server's menu tree with no entry here is
 * hidden from the web menu (never a placeholder page); the router builds lazy routes from this map:
 * `list` at the page url, each sub-route (`add`, `update/:id`, `detail/:id`, `children/:id`) below it.
 */
export const SCREENS: Readonly<Record<string, PageScreens>> = assembleScreens(WEB_AREAS);
