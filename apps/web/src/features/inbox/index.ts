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

export { InboxIndicators } from './inbox-indicators.tsx';
