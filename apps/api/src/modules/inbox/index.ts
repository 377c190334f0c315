import type { Area } from '../../core/area.ts';

export * from './inbox.table.ts';

/**
 * Notifications (issue #17): the areas raise them with `notify` inside their own transaction; people
 * read them under `/api/notifications`, with a live stream of their unread counts.
 */
export const inboxArea: Area = {
  name: 'inbox',
  routes: async () => {},
};
