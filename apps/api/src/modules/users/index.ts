import { asc, count, eq } from 'drizzle-orm';
import type { Area } from '../../core/area.ts';
import { users } from '../../core/auth/users.table.ts';
import { addUsageCheck } from '../../core/crud/resource-rules.ts';
import { LABELS } from '../../core/http/labels.ts';
import { permissionRoutes } from './permissions.routes.ts';
import { roleRoutes } from './roles.routes.ts';
import { userRoutes } from './users.routes.ts';

export {
  DEMO_ADMIN,
  DEMO_INSPECTOR,
  DEMO_KEEPER,
  DEMO_OPERATOR,
  DEMO_PLANNER,
  DEMO_SHIFT_LEAD,
  KEEPER_PRODUCT_CODE,
  PLANNER_PERMISSIONS,
} from './users.demo.ts';
export { adminExists, seedDemoUsers, seedReferenceUsers, type AdminOptions } from './users.seed.ts';
export { insertUser, managedUsers, setPassword } from './users.service.ts';
export { passwordResetTokens } from './users.table.ts';

/** Personnel, roles and the permissions granted to them. */
export const usersArea: Area = {
  name: 'users',
  routes: async (app) => {
    // A client keeps its users: deleting it answers 409 `in_use` naming them.
    addUsageCheck(app, 'client', async (tx, id) => {
      const names = await tx
        .select({ userName: users.userName })
        .from(users)
        .where(eq(users.clientId, id))
        .orderBy(asc(users.userName))
        .limit(5);
      if (names.length === 0) return [];
      const [total] = await tx.select({ value: count() }).from(users).where(eq(users.clientId, id));
      return [{ label: LABELS.users, names: names.map((row) => row.userName), total: Number(total?.value ?? 0) }];
    });
    await app.register(userRoutes, { prefix: '/users' });
    await app.register(roleRoutes, { prefix: '/roles' });
    await app.register(permissionRoutes, { prefix: '/permissions' });
  },
};
