import { ADMIN_ROLE, isPermission } from '@armature/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { clients, products, rolePermissions, roles, userProducts, userRoles, users } from '../schema/index.ts';
import { hashPassword } from '../../modules/account/password.service.ts';
import { isoNow } from '../../lib/time.ts';
import {
  DEMO_ADMIN,
  DEMO_CLIENT,
  DEMO_PLANNER,
  DEMO_PRODUCTS,
  PLANNER_PERMISSIONS,
  PLANNER_PRODUCT_CODE,
  PLANNER_ROLE,
} from './demo.ts';

export type SeedOptions = { adminPassword: string | undefined };

async function ensureRole(
  tx: Tx,
  name: string,
  description: string,
  isStatic: boolean,
): Promise<{ id: string; created: boolean }> {
  const [created] = await tx
    .insert(roles)
    .values({ name, description, isStatic, creationTime: isoNow() })
    .onConflictDoNothing()
    .returning({ id: roles.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  if (!existing) throw new Error(`role ${name} vanished while seeding`);
  return { id: existing.id, created: false };
}

/** Creates the user when missing (with its roles and products); an existing user is left as it is. */
async function ensureUser(
  tx: Tx,
  user: { userName: string; name: string; password: string; usesDemoPassword: boolean },
  roleIds: string[],
  productIds: string[],
) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, user.userName));
  if (existing) return;
  const now = isoNow();
  const [created] = await tx
    .insert(users)
    .values({
      userName: user.userName,
      name: user.name,
      passwordHash: await hashPassword(user.password),
      usesDemoPassword: user.usesDemoPassword,
      creationTime: now,
    })
    .returning({ id: users.id });
  if (!created) throw new Error(`could not create ${user.userName}`);
  if (roleIds.length)
    await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created.id, roleId, creationTime: now })));
  if (productIds.length)
    await tx
      .insert(userProducts)
      .values(productIds.map((productId) => ({ userId: created.id, productId, creationTime: now })));
}

/**
 * Demo data, run at every start: creates only what is missing, never overwrites what users changed
 * (a renamed client, a planner whose grants were edited, a changed password). One transaction,
 * so a concurrent start of another instance cannot half-seed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const admin = await ensureRole(tx, ADMIN_ROLE, '系统管理员', true);
    const planner = await ensureRole(tx, PLANNER_ROLE.name, PLANNER_ROLE.description, false);
    if (planner.created) {
      await tx.insert(rolePermissions).values(
        PLANNER_PERMISSIONS.filter(isPermission).map((name) => ({
          roleId: planner.id,
          name,
          creationTime: isoNow(),
        })),
      );
    }

    await tx
      .insert(clients)
      .values({ ...DEMO_CLIENT, creationTime: isoNow() })
      .onConflictDoNothing();
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, DEMO_CLIENT.code));
    if (!client) throw new Error('demo client missing');
    await tx
      .insert(products)
      .values(DEMO_PRODUCTS.map((product) => ({ ...product, clientId: client.id, creationTime: isoNow() })))
      .onConflictDoNothing();
    const [line] = await tx.select({ id: products.id }).from(products).where(eq(products.code, PLANNER_PRODUCT_CODE));

    await ensureUser(
      tx,
      {
        ...DEMO_ADMIN,
        password: options.adminPassword ?? DEMO_ADMIN.password,
        usesDemoPassword: options.adminPassword === undefined,
      },
      [admin.id],
      [],
    );
    await ensureUser(tx, { ...DEMO_PLANNER, usesDemoPassword: false }, [planner.id], line ? [line.id] : []);
  });
}
