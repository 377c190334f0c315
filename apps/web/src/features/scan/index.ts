import { lazyView } from '../../lib/lazy-screens.ts';

/** The public page a bundle tag's QR code opens (`/scan/:id`), its own chunk; the app places it. */
export const scanScreens = {
  scan: lazyView(
    () => import('./scan.view.tsx'),
    (module) => module.ScanView,
  ),
};
