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
};
