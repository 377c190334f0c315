import { lazyView, type LazyRoute } from '../../lib/lazy-screens.ts';

/**
 * Messages between people: the page every signed-in user has; the app places it at
 * `MESSAGES_PATH`.
 */
export const messagesScreens = {
  messages: lazyView(
    () => import('./messages.view.tsx'),
    (module) => module.default,
  ),
} satisfies Record<string, LazyRoute>;
