import { ADMIN_ROLE, isAdminOnly, isMakerPermission } from '@armature/domain';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles, userPermissions, userRoles } from './roles.table.ts';
import { users } from './users.table.ts';
import { refreshTokens } from './session.table.ts';

/** Who is calling: loaded from the database on every request so role and status changes apply at once. */
export type Principal = {
  userId: string;
  userName: string;
  /** The person's name, copied onto the records they write (a ledger row's operator). */
  name: string;
  /** The client the user belongs to; null for the equipment maker's staff. */
  clientId: string | null;
  /** The sign-in (refresh-token family) the access token came from. */
  sessionId: string;
  roleNames: string[];
  /** Holds the `admin` role and is the maker's staff: a client's user is never admin. */
  isAdmin: boolean;
  /**
   * Role grants ∪ user grants, less the maker's permissions for a client's user whatever the grant
   * tables say; admins hold every permission whatever this contains.
   */
  granted: ReadonlySet<string>;
};

/** Admins hold every permission; others what they were granted, never an admin-only one. */
export function holds(principal: Principal, permission: string): boolean {
  return principal.isAdmin || (principal.granted.has(permission) && !isAdminOnly(permission));
}

/** The principal's statement, built once per database handle (a test process opens several). */
const principalStatements = new WeakMap<Db, ReturnType<typeof principalStatement>>();

function principalStatement(db: Db) {
  const userId = sql.placeholder('userId');
  const openSession = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    );
  const roleNames = db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, users.id));
  const granted = union(
    db
      .select({ name: rolePermissions.name })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .where(eq(userRoles.userId, users.id)),
    db.select({ name: userPermissions.name }).from(userPermissions).where(eq(userPermissions.userId, users.id)),
  );
  return db
    .select({
      id: users.id,
      userName: users.userName,
      name: users.name,
      clientId: users.clientId,
      roleNames: sql<string[]>`array(${roleNames})::text[]`,
      granted: sql<string[]>`array(${granted})::text[]`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active'), exists(openSession)))
    .prepare('armature_load_principal');
}

/**
 * The principal of an active user whose sign-in is still open, or undefined when the user is gone or
 * disabled, or the session ended: logged out, its refresh token reused (the family revoked), or
 * signed out by a password change. The session check rides on the user query (an indexed EXISTS on
 * the token family), so an access token stops working the moment its session ends. One statement
 * per request, roles and grants as arrays of it: it runs before every authenticated request, where
 * four round trips were most of the access check's cost (docs/benchmarks.md). The statement
 * is built once per database and prepared (named) on each connection, so neither drizzle's query
 * building nor PostgreSQL's parse and plan run per request.
 */
export async function loadPrincipal(db: Db, userId: string, sessionId: string): Promise<Principal | undefined> {
  let statement = principalStatements.get(db);
  if (!statement) principalStatements.set(db, (statement = principalStatement(db)));
  const [user] = await statement.execute({ userId, sessionId });
  if (!user) return undefined;
  const isMakerStaff = user.clientId === null;
  const names = [...user.roleNames].sort();
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name,
    clientId: user.clientId,
    sessionId,
    roleNames: names,
    isAdmin: isMakerStaff && names.includes(ADMIN_ROLE),
    granted: new Set(user.granted.filter((name) => isMakerStaff || !isMakerPermission(name))),
  };
}
