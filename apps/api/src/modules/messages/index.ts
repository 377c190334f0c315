import type { Area } from '../../core/area.ts';

/** Messages between the users of one client, and from the maker's staff to anyone (`/api/messages`). */
export const messagesArea: Area = {
  name: 'messages',
  routes: async () => {},
};
