import { ADMIN_ROLE } from '@armature/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles, userPermissions, userRoles } from './roles.table.ts';
import { users } from './users.table.ts';

/** Who is calling: loaded from the database on every request so role and status changes apply at once. */
export type Principal = {
  userId: string;
  userName: string;
  /** The person's name, copied onto the records they write (a ledger row's operator). */
  name: string;
  /** The sign-in (refresh-token family) the access token came from. */
  sessionId: string;
  roleNames: string[];
  isAdmin: boolean;
  /** Role grants ∪ user grants; admins hold every permission whatever this contains. */
  granted: ReadonlySet<string>;
};

export function holds(principal: Principal, permission: string): boolean {
  return principal.isAdmin || principal.granted.has(permission);
}

/** The principal of an active user, or undefined when the user is gone or disabled. */
export async function loadPrincipal(db: Db, userId: string, sessionId: string): Promise<Principal | undefined> {
  const [user] = await db
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  if (!user) return undefined;
  const [roleRows, roleGrants, userGrants] = await Promise.all([
    db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    db
      .select({ name: rolePermissions.name })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .where(eq(userRoles.userId, userId)),
    db.select({ name: userPermissions.name }).from(userPermissions).where(eq(userPermissions.userId, userId)),
  ]);
  const roleNames = roleRows.map((row) => row.name).sort();
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name,
    sessionId,
    roleNames,
    isAdmin: roleNames.includes(ADMIN_ROLE),
    granted: new Set([...roleGrants, ...userGrants].map((row) => row.name)),
  };
}
