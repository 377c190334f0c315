import type { Area } from '../../core/area.ts';
import { permissionRoutes } from './permissions.routes.ts';
import { roleRoutes } from './roles.routes.ts';
import { userRoutes } from './users.routes.ts';

export { DEMO_ADMIN, DEMO_KEEPER, DEMO_PLANNER, KEEPER_PRODUCT_CODE, PLANNER_PERMISSIONS } from './users.demo.ts';
export { seedUsers, type DemoUserOptions } from './users.seed.ts';
export { insertUser, setPassword } from './users.service.ts';
export { passwordResetTokens } from './users.table.ts';

/** Personnel, roles and the permissions granted to them. */
export const usersArea: Area = {
  name: 'users',
  routes: async (app) => {
    await app.register(userRoutes, { prefix: '/users' });
    await app.register(roleRoutes, { prefix: '/roles' });
    await app.register(permissionRoutes, { prefix: '/permissions' });
  },
};
