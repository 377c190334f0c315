import type { Area } from '../../core/area.ts';
import { messageRoutes } from './messages.routes.ts';

/** Messages between the users of one client, and from the maker's staff to anyone (`/api/messages`). */
export const messagesArea: Area = {
  name: 'messages',
  routes: async (app) => {
    await app.register(messageRoutes, { prefix: '/messages' });
  },
};
