import { eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { users } from '../../core/auth/users.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { currentSelection } from '../../core/tenancy/tenancy.ts';

/** User names are unique case-insensitively (`Admin` is `admin`). */
export function userNameIs(userName: string) {
  return sql`lower(${users.userName}) = ${userName.trim().toLowerCase()}`;
}

export async function findUserByName(db: Db | Tx, userName: string) {
  const [user] = await db.select().from(users).where(userNameIs(userName));
  return user;
}

export async function currentUser(db: Db | Tx, principal: Principal): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, principal.userId));
  if (!user) throw new AppError('unauthorized');
  const selection = await currentSelection(db, principal);
  return {
    id: user.id,
    userName: user.userName,
    name: user.name,
    email: user.email,
    telephone: user.telephone,
    roles: principal.roleNames,
    isAdmin: principal.isAdmin,
    currentClient: selection?.client ?? null,
    currentProduct: selection?.product ?? null,
    usesDemoPassword: user.usesDemoPassword,
  };
}
