import { and, asc, eq, inArray, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { UserProduct } from '@armature/domain';
import type { Db, Tx } from '../db/client.ts';
import { clients, products } from '../crud/resources.table.ts';
import { userProducts, userSelections } from './tenancy.table.ts';
import { AppError } from '../http/app-error.ts';
import { isoNow } from '../db/time.ts';
import type { Principal } from '../auth/principal.ts';

/** The scope every plant-data query filters by. */
export type Scope = { userId: string; clientId: string; productId: string };

/**
 * Rows whose `productId` column names a product the caller may read: admins all, others only the
 * products assigned to them, whatever their permissions.
 */
export function ofVisibleProducts(productId: AnyColumn, principal: Principal): SQL | undefined {
  return principal.isAdmin ? undefined : assignedTo(productId, principal.userId);
}

/** Rows whose `productId` column names a product assigned to the user (a value or a prepared statement's placeholder). */
function assignedTo(productId: AnyColumn, userId: string | Placeholder): SQL {
  return inArray(
    productId,
    sql`(select ${userProducts.productId} from ${userProducts} where ${userProducts.userId} = ${userId})`,
  );
}

/** Products a caller may read. */
export function visibleProducts(principal: Principal): SQL | undefined {
  return ofVisibleProducts(products.id, principal);
}

/** Clients a caller may read: admins all, others their own client and the clients of their assigned products. */
export function visibleClients(principal: Principal): SQL | undefined {
  if (principal.isAdmin) return undefined;
  return or(
    principal.clientId ? eq(clients.id, principal.clientId) : undefined,
    inArray(
      clients.id,
      sql`(select ${products.clientId} from ${products} inner join ${userProducts} on ${userProducts.productId} = ${products.id} where ${userProducts.userId} = ${principal.userId})`,
    ),
  );
}

/** Products the caller may work in: active products of active clients, assigned unless admin. */
function usableProducts(principal: Principal): SQL | undefined {
  return and(eq(products.status, 'active'), eq(clients.status, 'active'), visibleProducts(principal));
}

export async function selectableProducts(db: Db | Tx, principal: Principal, clientId?: string): Promise<UserProduct[]> {
  return db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      clientId: products.clientId,
      clientName: clients.companyName,
      timeZone: products.timeZone,
    })
    .from(products)
    .innerJoin(clients, eq(clients.id, products.clientId))
    .where(and(usableProducts(principal), clientId ? eq(products.clientId, clientId) : undefined))
    .orderBy(asc(clients.companyName), asc(products.code));
}

async function usableProduct(db: Db | Tx, principal: Principal, clientId: string, productId: string) {
  const [row] = await db
    .select({
      clientId: clients.id,
      companyName: clients.companyName,
      productId: products.id,
      productName: products.name,
    })
    .from(products)
    .innerJoin(clients, eq(clients.id, products.clientId))
    .where(and(eq(products.id, productId), eq(products.clientId, clientId), usableProducts(principal)));
  return row;
}

/**
 * Stores the caller's selection. A product they may not use, of another client, or that does not
 * exist all answer the same 403, so ids of other tenants cannot be probed.
 */
export async function setSelection(tx: Tx, principal: Principal, clientId: string, productId: string): Promise<void> {
  if (!(await usableProduct(tx, principal, clientId, productId))) throw new AppError('product_not_allowed');
  const now = isoNow();
  await tx
    .insert(userSelections)
    .values({ userId: principal.userId, clientId, productId, creatorId: principal.userId, creationTime: now })
    .onConflictDoUpdate({
      target: userSelections.userId,
      set: { clientId, productId, lastModifierId: principal.userId, lastModificationTime: now },
    });
}

export type Selection = { client: { id: string; companyName: string }; product: { id: string; name: string } };

/** The selection's statement for admins (any product) and for the others (their assigned ones). */
function selectionStatement(db: Db | Tx, admin: boolean) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      clientId: clients.id,
      companyName: clients.companyName,
      productId: products.id,
      productName: products.name,
    })
    .from(userSelections)
    .innerJoin(products, and(eq(products.id, userSelections.productId), eq(products.clientId, userSelections.clientId)))
    .innerJoin(clients, eq(clients.id, products.clientId))
    .where(
      and(
        eq(userSelections.userId, userId),
        eq(products.status, 'active'),
        eq(clients.status, 'active'),
        admin ? undefined : assignedTo(products.id, userId),
      ),
    )
    .prepare(admin ? 'armature_selection_admin' : 'armature_selection');
}

/**
 * Built once per database handle (a test process opens several) and kind of caller, or once per
 * transaction that reads one.
 */
const selectionStatements = new WeakMap<
  Db | Tx,
  Partial<Record<'admin' | 'assigned', ReturnType<typeof selectionStatement>>>
>();

/**
 * The stored selection if the caller may still use it (assignments and statuses can change after it was
 * made): one statement, as every plant-data request reads it (docs/benchmarks.md). Prepared and named like the
 * principal's, so neither drizzle's query building nor PostgreSQL's parse and plan run per request.
 */
export async function currentSelection(db: Db | Tx, principal: Principal): Promise<Selection | null> {
  let statements = selectionStatements.get(db);
  if (!statements) selectionStatements.set(db, (statements = {}));
  const statement = (statements[principal.isAdmin ? 'admin' : 'assigned'] ??= selectionStatement(
    db,
    principal.isAdmin,
  ));
  const [row] = await statement.execute({ userId: principal.userId });
  return row
    ? {
        client: { id: row.clientId, companyName: row.companyName },
        product: { id: row.productId, name: row.productName },
      }
    : null;
}

export async function scopeOf(db: Db | Tx, principal: Principal): Promise<Scope> {
  const selection = await currentSelection(db, principal);
  if (!selection) throw new AppError('no_product_selected');
  return { userId: principal.userId, clientId: selection.client.id, productId: selection.product.id };
}
