import { clientResource } from '@armature/domain';
import type { Area } from '../../core/area.ts';
import { accountRoutes } from './account.routes.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { selectionRoutes } from './selection.routes.ts';

/** Sign-in, tokens, self-service (profile, preferences, password reset, registration) and the current product. */
export const accountArea: Area = {
  name: 'account',
  routes: async (app) => {
    await app.register(accountRoutes, { prefix: '/account' });
    await app.register(preferencesRoutes, { prefix: '/account' });
    await app.register(selectionRoutes, { prefix: `/${clientResource.path}` });
  },
};
