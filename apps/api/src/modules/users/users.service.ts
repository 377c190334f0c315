import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE, PERMISSIONS } from '@armature/domain';
import type { User, UserUpdate } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { rolePermissions, roles, userRoles } from '../../core/auth/roles.table.ts';
import { assertMayGive } from './grant-rules.ts';
import { userProducts } from '../../core/tenancy/tenancy.table.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { duplicateOf } from '../../core/db/db-errors.ts';
import { isoNow, sameInstant, withIsoAudit } from '../../core/db/time.ts';
import { hashPassword } from '../../core/auth/password.ts';
import { lockedUntil, userSubject } from '../../core/auth/login-throttle.ts';
import { revokeUserTokens } from '../../core/auth/refresh-tokens.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { visibleProducts } from '../../core/tenancy/tenancy.ts';

type UserRow = typeof users.$inferSelect;
type UserFields = Omit<UserUpdate, 'status' | 'roleNames' | 'productIds' | 'lastModificationTime'> & {
  status: 'active' | 'disabled';
  roleNames: string[];
  productIds: string[];
  lastModificationTime?: string | null | undefined;
};

/**
 * The users an editor manages: admins everyone; a non-admin manager the users of their own client
 * only (a manager of the equipment maker's staff, nobody). The others answer 404 like missing ones.
 */
export function managedUsers(editor: Principal): SQL | undefined {
  if (editor.isAdmin) return undefined;
  return editor.clientId ? eq(users.clientId, editor.clientId) : sql`false`;
}

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
  const clientIds = [...new Set(rows.flatMap((row) => (row.clientId ? [row.clientId] : [])))];
  const clientRows = clientIds.length
    ? await db
        .select({ id: clients.id, companyName: clients.companyName })
        .from(clients)
        .where(inArray(clients.id, clientIds))
    : [];
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
    clientId: row.clientId,
    clientName: clientRows.find((client) => client.id === row.clientId)?.companyName ?? null,
    passwordResetRequested: row.passwordResetRequested,
    lockedUntil: locks.get(userSubject(row.userName)) ?? null,
    ...withIsoAudit({ creationTime: row.creationTime, lastModificationTime: row.lastModificationTime }),
  }));
}

/** A user the editor manages (`managedUsers`); any other answers 404. */
export async function getUser(db: Db | Tx, id: string, editor: Principal): Promise<User> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), managedUsers(editor)));
  const [user] = row ? await toUsers(db, [row]) : [];
  if (!user) throw new AppError('not_found');
  return user;
}

/**
 * Role names and product ids must exist for the user's client — a role of that client or a template,
 * products of that client the editor can see — else a 400 names the offending entries like any
 * validation error. A role the user does not hold yet is given by the editor: only if they hold its
 * every permission, and a role with a maker permission (the admin role included) only by the maker's
 * admin to the maker's staff (assertMayGive, 403 naming the roles).
 */
/** A name put in a validation message key, whose parameters are separated by colons. */
const messageParam = (text: string) => text.replaceAll(':', '：');

/**
 * The lines among `ids` that exist (and the editor may see) but belong to another client than the
 * user's, each with the message saying so: `productOtherClient:<line>:<its client>:<the user's>`.
 */
async function otherClientsLines(
  tx: Tx,
  editor: Principal | null,
  clientId: string | null,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (!clientId || ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, code: products.code, name: products.name, client: clients.companyName })
    .from(products)
    .innerJoin(clients, eq(clients.id, products.clientId))
    .where(and(inArray(products.id, [...new Set(ids)]), editor ? visibleProducts(editor) : undefined));
  if (rows.length === 0) return new Map();
  const [own] = await tx.select({ name: clients.companyName }).from(clients).where(eq(clients.id, clientId));
  return new Map(
    rows.map((row) => [
      row.id,
      ['productOtherClient', `${row.name} (${row.code})`, row.client, own?.name ?? ''].map(messageParam).join(':'),
    ]),
  );
}

async function resolveAssignments(
  tx: Tx,
  editor: Principal | null,
  fields: Pick<UserFields, 'roleNames' | 'productIds'>,
  clientId: string | null,
  heldRoleIds: readonly string[],
) {
  const { roleNames, productIds } = fields;
  const roleRows = roleNames.length
    ? await tx
        .select({ id: roles.id, name: roles.name, isStatic: roles.isStatic })
        .from(roles)
        .where(
          and(
            inArray(roles.name, [...new Set(roleNames)]),
            or(isNull(roles.clientId), clientId ? eq(roles.clientId, clientId) : undefined),
          ),
        )
    : [];
  const productRows = productIds.length
    ? await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            inArray(products.id, [...new Set(productIds)]),
            editor ? visibleProducts(editor) : undefined,
            // A client's user works on that client's products only.
            clientId ? eq(products.clientId, clientId) : undefined,
          ),
        )
    : [];
  const details: Record<string, string[]> = {};
  roleNames.forEach((name, index) => {
    if (!roleRows.some((row) => row.name === name)) details[`roleNames.${index}`] = ['invalid'];
  });
  const strays = await otherClientsLines(
    tx,
    editor,
    clientId,
    productIds.filter((id) => !productRows.some((row) => row.id === id)),
  );
  productIds.forEach((id, index) => {
    if (productRows.some((row) => row.id === id)) return;
    const stray = strays.get(id);
    details[`productIds.${index}`] = [stray ? stray : 'invalid'];
  });
  if (Object.keys(details).length) throw invalidFields(details);
  const added = roleRows.filter((row) => !heldRoleIds.includes(row.id));
  if (added.length) {
    const grants = await tx
      .select({ roleId: rolePermissions.roleId, name: rolePermissions.name })
      .from(rolePermissions)
      .where(
        inArray(
          rolePermissions.roleId,
          added.map((row) => row.id),
        ),
      );
    const gifts = roleNames.flatMap((name, index) => {
      const role = added.find((row) => row.name === name);
      if (!role) return [];
      // The static admin role holds every permission whatever is stored.
      const permissions = role.isStatic
        ? PERMISSIONS
        : grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.name);
      return [{ path: `roleNames.${index}`, permissions }];
    });
    // Nobody signs up with a role.
    if (!editor)
      throw new AppError('grant_not_held', {}, Object.fromEntries(gifts.map((gift) => [gift.path, ['invalid']])));
    assertMayGive(editor, clientId, gifts);
  }
  return { roleIds: roleRows.map((row) => row.id), productIds: productRows.map((row) => row.id) };
}

async function replaceAssignments(
  tx: Tx,
  userId: string,
  fields: UserFields,
  editor: Principal | null,
  clientId: string | null,
  clientChanged = false,
) {
  const held = await tx
    .select({ roleId: userRoles.roleId, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  // Nobody changes their own roles; editing one's own profile keeps them.
  const wanted = new Set(fields.roleNames);
  const sameRoles = wanted.size === held.length && held.every((role) => wanted.has(role.name));
  if (userId === editor?.userId && !sameRoles) throw new AppError('own_grants');
  const assigned = await resolveAssignments(
    tx,
    editor,
    fields,
    clientId,
    // A user moving to another client is given their roles anew (a maker role stays the maker's).
    clientChanged ? [] : held.map((role) => role.roleId),
  );
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

/**
 * A user the editor manages (`managedUsers`, else 404), and only an admin may change, delete or reset
 * an admin account (403): otherwise a user manager could take one over. Locks the user's row.
 */
export async function assertMayManage(tx: Tx, editor: Principal, userId: string): Promise<void> {
  const [managed] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), managedUsers(editor)))
    .for('update');
  if (!managed) throw new AppError('not_found');
  if (editor.isAdmin) return;
  const [adminHolder] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, ADMIN_ROLE)));
  if (adminHolder) throw new AppError('forbidden');
}

/**
 * The client a created or edited user belongs to. A non-admin manager's users belong to the manager's
 * client (a manager without one, maker staff, may create nobody: 403); an admin's choice stands
 * (null: maker staff), and without one the user belongs to the one client of their products, else
 * to the maker's staff. On update an absent `clientId` keeps the user's client.
 */
async function clientOfUser(
  tx: Tx,
  editor: Principal | null,
  input: UserFields,
  existing?: { clientId: string | null },
): Promise<string | null> {
  if (!editor) return null;
  if (!editor.isAdmin) {
    if (existing) return existing.clientId;
    if (!editor.clientId) throw new AppError('forbidden');
    return editor.clientId;
  }
  if (input.clientId !== undefined) {
    if (input.clientId === null) return null;
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!client) throw invalidFields({ clientId: ['invalid'] });
    return client.id;
  }
  if (existing) return existing.clientId;
  if (input.productIds.length === 0) return null;
  const owners = await tx
    .selectDistinct({ clientId: products.clientId })
    .from(products)
    .where(inArray(products.id, [...new Set(input.productIds)]));
  return owners.length === 1 ? (owners[0]?.clientId ?? null) : null;
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
  const clientId = await clientOfUser(tx, editor, input);
  const passwordHash = await hashPassword(input.password);
  const [row] = await tx
    .insert(users)
    .values({
      ...profileOf(input),
      remark: input.remark ?? null,
      clientId,
      passwordHash,
      creatorId: editor?.userId ?? null,
      creationTime: isoNow(),
    })
    .returning({ id: users.id })
    .catch(duplicateOf('userName', input.userName));
  if (!row) throw new Error('insert returned no row');
  await replaceAssignments(tx, row.id, input, editor, clientId);
  return row.id;
}

export async function updateUser(tx: Tx, id: string, input: UserFields, editor: Principal): Promise<void> {
  await assertMayManage(tx, editor, id);
  const [existing] = await tx
    .select({ clientId: users.clientId, lastModificationTime: users.lastModificationTime })
    .from(users)
    .where(eq(users.id, id));
  if (!existing) throw new AppError('not_found');
  // Optimistic concurrency, as for every resource: the version the edit started from must be current.
  const token = input.lastModificationTime;
  if (token !== undefined && !sameInstant(token, existing.lastModificationTime)) throw new AppError('stale_update');
  if (input.status !== 'active' || !input.roleNames.includes(ADMIN_ROLE)) await assertAnotherAdminRemains(tx, id);
  const clientId = await clientOfUser(tx, editor, input, existing);
  await tx
    .update(users)
    .set({ ...profileOf(input), clientId, lastModifierId: editor.userId, lastModificationTime: isoNow() })
    .where(eq(users.id, id))
    .catch(duplicateOf('userName', input.userName));
  await replaceAssignments(tx, id, input, editor, clientId, clientId !== existing.clientId);
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
