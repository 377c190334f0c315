import type { PageScreens } from '../lib/lazy-screens.ts';
import type { Slots } from './feature-slots.tsx';

/**
 * What a feature (a business area of the web app) gives the app: the screens of its menu pages, by
 * page id, and what it shows in other features' slots. Each feature's `index.ts` exports one; the app
 * assembles them (`app/areas.ts`), refusing a page or slot that two features claim.
 */
export type WebArea = {
  name: string;
  screens?: Readonly<Record<string, PageScreens>>;
  slots?: Slots;
  /**
   * Where a plant user whose day's work is this area's starts, instead of the dashboard: a page url when what
   * they hold (`holds`: a page or button id of their menus) makes them such a user, else undefined.
   */
  home?: (holds: (permission: string) => boolean) => string | undefined;
};
