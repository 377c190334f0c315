import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE } from '@armature/domain';
import type { User, UserUpdate } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { products } from '../../core/crud/resources.table.ts';
import { roles, userRoles } from '../../core/auth/roles.table.ts';
import { userProducts } from '../../core/tenancy/tenancy.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { duplicateOf } from '../../core/db/db-errors.ts';
import { isoNow, withIsoAudit } from '../../core/db/time.ts';
import { hashPassword } from '../../core/auth/password.ts';
import { lockedUntil, userSubject } from '../../core/auth/login-throttle.ts';
import { revokeUserTokens } from '../../core/auth/refresh-tokens.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { visibleProducts } from '../../core/tenancy/tenancy.ts';

type UserRow = typeof users.$inferSelect;
type UserFields = Omit<UserUpdate, 'status' | 'roleNames' | 'productIds'> & {
  status: 'active' | 'disabled';
  roleNames: string[];
  productIds: string[];
};

/** Maps rows to the API shape: an allow-list, so the hash and flags stay on the server. */
export async function toUsers(db: Db | Tx, rows: readonly UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Sequential, not Promise.all: inside a transaction the queries share one connection.
  const roleRows = await db
    .select({ userId: userRoles.userId, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids));
  const productRows = await db
    .select({ userId: userProducts.userId, productId: userProducts.productId })
    .from(userProducts)
    .where(inArray(userProducts.userId, ids));
  const locks = await lockedUntil(
    db,
    rows.map((row) => userSubject(row.userName)),
  );
  return rows.map((row) => ({
    id: row.id,
    userName: row.userName,
    name: row.name,
    telephone: row.telephone,
    email: row.email,
    status: row.status,
    roleNames: roleRows
      .filter((role) => role.userId === row.id)
      .map((role) => role.name)
      .sort(),
    productIds: productRows.filter((product) => product.userId === row.id).map((product) => product.productId),
    passwordResetRequested: row.passwordResetRequested,
    lockedUntil: locks.get(userSubject(row.userName)) ?? null,
    ...withIsoAudit({ creationTime: row.creationTime, lastModificationTime: row.lastModificationTime }),
  }));
}

export async function getUser(db: Db | Tx, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  const [user] = row ? await toUsers(db, [row]) : [];
  if (!user) throw new AppError('not_found');
  return user;
}

/**
 * Role names and product ids must exist, and a non-admin editor may hand out neither the admin role
 * nor products they cannot see themselves (no escalation, no crossing into another tenant): a 400
 * names the offending entries like any validation error.
 */
async function resolveAssignments(
  tx: Tx,
  editor: Principal | null,
  roleNames: readonly string[],
  productIds: readonly string[],
) {
  const mayGrantAdmin = editor?.isAdmin ?? false;
  const roleRows = roleNames.length
    ? await tx
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(inArray(roles.name, [...new Set(roleNames)]))
    : [];
  const productRows = productIds.length
    ? await tx
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, [...new Set(productIds)]), editor ? visibleProducts(editor) : undefined))
    : [];
  const details: Record<string, string[]> = {};
  roleNames.forEach((name, index) => {
    if (!roleRows.some((row) => row.name === name) || (name === ADMIN_ROLE && !mayGrantAdmin))
      details[`roleNames.${index}`] = ['invalid'];
  });
  productIds.forEach((id, index) => {
    if (!productRows.some((row) => row.id === id)) details[`productIds.${index}`] = ['invalid'];
  });
  if (Object.keys(details).length) throw invalidFields(details);
  return { roleIds: roleRows.map((row) => row.id), productIds: productRows.map((row) => row.id) };
}

async function replaceAssignments(tx: Tx, userId: string, fields: UserFields, editor: Principal | null) {
  const assigned = await resolveAssignments(tx, editor, fields.roleNames, fields.productIds);
  const audit = { creatorId: editor?.userId ?? null, creationTime: isoNow() };
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userProducts).where(eq(userProducts.userId, userId));
  if (assigned.roleIds.length)
    await tx.insert(userRoles).values(assigned.roleIds.map((roleId) => ({ userId, roleId, ...audit })));
  if (assigned.productIds.length)
    await tx.insert(userProducts).values(assigned.productIds.map((productId) => ({ userId, productId, ...audit })));
}

/**
 * Refuses a change that would leave no active admin (someone demoting, disabling or deleting the
 * last one, often themselves), since nobody could then administer the system.
 */
export async function assertAnotherAdminRemains(tx: Tx, userId: string): Promise<void> {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, ADMIN_ROLE), eq(users.status, 'active')))
    .for('update');
  if (admins.some((admin) => admin.userId === userId) && admins.length <= 1) throw new AppError('last_admin');
}

/** Only an admin may change, delete or reset an admin account: otherwise a user manager could take one over. */
export async function assertMayManage(tx: Tx, editor: Principal, userId: string): Promise<void> {
  if (editor.isAdmin) return;
  const [adminHolder] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, ADMIN_ROLE)));
  if (adminHolder) throw new AppError('forbidden');
}

function profileOf(fields: UserFields) {
  return {
    userName: fields.userName,
    name: fields.name,
    email: fields.email ?? null,
    telephone: fields.telephone ?? null,
    status: fields.status,
  };
}

/** Creates a user with roles and products; `editor` null for self-registration. Returns the id. */
export async function insertUser(
  tx: Tx,
  input: UserFields & { password: string; remark?: string | null },
  editor: Principal | null,
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await tx
    .insert(users)
    .values({
      ...profileOf(input),
      remark: input.remark ?? null,
      passwordHash,
      creatorId: editor?.userId ?? null,
      creationTime: isoNow(),
    })
    .returning({ id: users.id })
    .catch(duplicateOf('userName', input.userName));
  if (!row) throw new Error('insert returned no row');
  await replaceAssignments(tx, row.id, input, editor);
  return row.id;
}

export async function updateUser(tx: Tx, id: string, input: UserFields, editor: Principal): Promise<void> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  if (!existing) throw new AppError('not_found');
  await assertMayManage(tx, editor, id);
  if (input.status !== 'active' || !input.roleNames.includes(ADMIN_ROLE)) await assertAnotherAdminRemains(tx, id);
  await tx
    .update(users)
    .set({ ...profileOf(input), lastModifierId: editor.userId, lastModificationTime: isoNow() })
    .where(eq(users.id, id))
    .catch(duplicateOf('userName', input.userName));
  await replaceAssignments(tx, id, input, editor);
  // A disabled account must not keep signing in through its refresh tokens.
  if (input.status === 'disabled') await revokeUserTokens(tx, id);
}

/** Sets a new password; clears the demo and reset-request flags and ends the user's other sessions. */
export async function setPassword(
  tx: Tx,
  userId: string,
  newPassword: string,
  actorId: string,
  keepFamilyId?: string,
): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(newPassword),
      usesDemoPassword: false,
      passwordResetRequested: false,
      lastModifierId: actorId,
      lastModificationTime: isoNow(),
    })
    .where(eq(users.id, userId));
  await revokeUserTokens(tx, userId, keepFamilyId);
}
