import { lazy } from 'react';
import { lazyView, type LazyRoute } from '../../lib/lazy-screens.ts';

/**
 * Notifications: the page every signed-in user has (the app places it at
 * `NOTIFICATIONS_PATH`), and the header's bell and envelope, which follow the live unread counts.
 */
export const inboxScreens = {
  notifications: lazyView(
    () => import('./notifications.view.tsx'),
    (module) => module.default,
  ),
} satisfies Record<string, LazyRoute>;

/**
 * The header's bell and envelope, lazy like the layout that shows them: the router imports this index for
 * the route above, and the login page should not load their badges, popover and live stream.
 */
export const InboxIndicators = lazy(async () => ({
  default: (await import('./inbox-indicators.tsx')).InboxIndicators,
}));
