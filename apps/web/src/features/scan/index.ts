import { lazyView } from '../../lib/lazy-screens.ts';

/**
 * The public pages, each its own chunk; the app places them: a bundle tag's QR code (`/scan/:id`) and a
 * site contact's drop link (`/drop/:token`).
 */
export const scanScreens = {
  scan: lazyView(
    () => import('./scan.view.tsx'),
    (module) => module.ScanView,
  ),
  drop: lazyView(
    () => import('./drop.view.tsx'),
    (module) => module.DropPageView,
  ),
};
