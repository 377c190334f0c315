import { ADMIN_ROLE, isPermission } from '@armature/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../../core/auth/password.ts';
import { rolePermissions, roles, userRoles } from '../../core/auth/roles.table.ts';
import { users } from '../../core/auth/users.table.ts';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import { userProducts } from '../../core/tenancy/tenancy.table.ts';
import {
  DEMO_ADMIN,
  DEMO_INSPECTOR,
  DEMO_KEEPER,
  DEMO_OPERATOR,
  DEMO_PLANNER,
  DEMO_SHIFT_LEAD,
  INSPECTOR_PERMISSIONS,
  INSPECTOR_PRODUCT_CODE,
  INSPECTOR_ROLE,
  KEEPER_PERMISSIONS,
  KEEPER_PRODUCT_CODE,
  KEEPER_ROLE,
  OPERATOR_PERMISSIONS,
  OPERATOR_PRODUCT_CODE,
  OPERATOR_ROLE,
  PLANNER_PERMISSIONS,
  PLANNER_PRODUCT_CODE,
  PLANNER_ROLE,
  SHIFT_LEAD_PERMISSIONS,
  SHIFT_LEAD_PRODUCT_CODE,
  SHIFT_LEAD_ROLE,
} from './users.demo.ts';

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
  const [existing] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), isNull(roles.clientId)));
  if (!existing) throw new Error(`role ${name} vanished while seeding`);
  return { id: existing.id, created: false };
}

/** A template role with its grants, given when the role is created (grants edited later stay as they are). */
async function ensureTemplateRole(
  tx: Tx,
  role: { name: string; description: string },
  permissions: readonly string[],
): Promise<{ id: string }> {
  const ensured = await ensureRole(tx, role.name, role.description, false);
  if (ensured.created)
    await tx
      .insert(rolePermissions)
      .values(permissions.filter(isPermission).map((name) => ({ roleId: ensured.id, name, creationTime: isoNow() })));
  return ensured;
}

/** Creates the user when missing (with its roles and products); an existing user is left as it is. */
async function ensureUser(
  tx: Tx,
  user: { userName: string; name: string; password: string; usesDemoPassword: boolean },
  roleIds: string[],
  productIds: string[],
  clientId: string | null = null,
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
      clientId,
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

export type AdminOptions = {
  /** The admin's password at creation; absent: the documented demo password, flagged until changed. */
  adminPassword: string | undefined;
};

type ReferenceUserOptions = AdminOptions & {
  /** Whether to create the admin when missing (`seedDatabase` decides; never the demo password in production). */
  withAdmin: boolean;
};

/** Whether the built-in admin account exists (it is created once, with the password of that start). */
export async function adminExists(tx: Tx): Promise<boolean> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, DEMO_ADMIN.userName));
  return admin !== undefined;
}

const TEMPLATE_ROLES = [
  [PLANNER_ROLE, PLANNER_PERMISSIONS],
  [KEEPER_ROLE, KEEPER_PERMISSIONS],
  [OPERATOR_ROLE, OPERATOR_PERMISSIONS],
  [INSPECTOR_ROLE, INSPECTOR_PERMISSIONS],
  [SHIFT_LEAD_ROLE, SHIFT_LEAD_PERMISSIONS],
] as const;

/**
 * Reference data of every database: the built-in admin role, the maker's template roles (planner,
 * stockKeeper, operator, inspector, shiftLead) with their grants, and the admin account when missing and asked for.
 */
export async function seedReferenceUsers(tx: Tx, options: ReferenceUserOptions): Promise<void> {
  const admin = await ensureRole(tx, ADMIN_ROLE, '系统管理员', true);
  for (const [role, permissions] of TEMPLATE_ROLES) await ensureTemplateRole(tx, role, permissions);
  if (!options.withAdmin) return;
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
}

/** The demo's plant users, each holding its template role on the demo products (lines) of its code. */
export async function seedDemoUsers(
  tx: Tx,
  products: readonly { id: string; code: string; clientId: string }[],
): Promise<void> {
  const productIdsOf = (code: string) => products.filter((product) => product.code === code).map(({ id }) => id);
  // Plant users belong to the client of their line; the admin is the equipment maker's staff.
  const clientOf = (code: string) => products.find((product) => product.code === code)?.clientId ?? null;
  const roleIdOf = async (role: { name: string; description: string }) => [
    (await ensureRole(tx, role.name, role.description, false)).id,
  ];
  const demoUsers = [
    [DEMO_PLANNER, PLANNER_ROLE, PLANNER_PRODUCT_CODE],
    [DEMO_KEEPER, KEEPER_ROLE, KEEPER_PRODUCT_CODE],
    [DEMO_OPERATOR, OPERATOR_ROLE, OPERATOR_PRODUCT_CODE],
    [DEMO_INSPECTOR, INSPECTOR_ROLE, INSPECTOR_PRODUCT_CODE],
    [DEMO_SHIFT_LEAD, SHIFT_LEAD_ROLE, SHIFT_LEAD_PRODUCT_CODE],
  ] as const;
  for (const [user, role, productCode] of demoUsers)
    await ensureUser(
      tx,
      { ...user, usesDemoPassword: false },
      await roleIdOf(role),
      productIdsOf(productCode),
      clientOf(productCode),
    );
}
