import { ADMIN_ROLE, isPermission, nominalUnitWeight, rebarSpecName } from '@armature/domain';
import { count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import {
  clients,
  inspectionTypes,
  partTypes,
  productSettings,
  productTypes,
  products,
  rebarMaterials,
  rebars,
  rolePermissions,
  roles,
  techniques,
  userProducts,
  userRoles,
  users,
} from '../schema/index.ts';
import { hashPassword } from '../../modules/account/password.service.ts';
import { isoNow } from '../../lib/time.ts';
import {
  DEMO_ADMIN,
  DEMO_CLIENT,
  DEMO_INSPECTION_TYPES,
  DEMO_KEEPER,
  DEMO_PART_TYPES,
  DEMO_PLANNER,
  DEMO_PRODUCT_SETTINGS,
  DEMO_PRODUCT_TYPE_OF,
  DEMO_PRODUCT_TYPES,
  DEMO_PRODUCTS,
  DEMO_REBAR_DIAMETERS,
  DEMO_REBAR_MATERIALS,
  DEMO_STOCK_LENGTHS,
  DEMO_TECHNIQUES,
  KEEPER_PERMISSIONS,
  KEEPER_PRODUCT_CODE,
  KEEPER_ROLE,
  PLANNER_PERMISSIONS,
  PLANNER_PRODUCT_CODE,
  PLANNER_ROLE,
} from './demo.ts';
import { seedStock } from './stock.seed.ts';

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

/** A demo role with its grants, given when the role is created (grants edited later stay as they are). */
async function ensureDemoRole(
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

/** Demo master data goes into an empty table only: what users deleted or changed stays so. */
async function isEmpty(tx: Tx, table: PgTable): Promise<boolean> {
  const [row] = await tx.select({ value: count() }).from(table);
  return Number(row?.value ?? 0) === 0;
}

/** Techniques, their inspection characteristics, product and part types (global master data). */
async function seedMasterData(tx: Tx): Promise<void> {
  const creationTime = isoNow();
  if (await isEmpty(tx, techniques)) {
    const created = await tx
      .insert(techniques)
      .values(DEMO_TECHNIQUES.map((technique) => ({ ...technique, creationTime })))
      .returning({ id: techniques.id, code: techniques.code });
    const techniqueId = new Map(created.map((row) => [row.code, row.id]));
    await tx.insert(inspectionTypes).values(
      DEMO_INSPECTION_TYPES.map(({ technique, ...inspection }) => ({
        ...inspection,
        techniqueId: techniqueId.get(technique) ?? null,
        creationTime,
      })),
    );
  }
  if (await isEmpty(tx, productTypes))
    await tx.insert(productTypes).values(DEMO_PRODUCT_TYPES.map((type) => ({ ...type, creationTime })));
  if (await isEmpty(tx, partTypes))
    await tx.insert(partTypes).values(DEMO_PART_TYPES.map((type) => ({ ...type, creationTime })));
}

/** A demo product's settings, materials and rebar specs, when it has none of them yet. */
async function seedPlantData(tx: Tx, product: { id: string; clientId: string }): Promise<void> {
  const creationTime = isoNow();
  const owner = { clientId: product.clientId, productId: product.id, creationTime };
  await tx
    .insert(productSettings)
    .values({ productId: product.id, ...DEMO_PRODUCT_SETTINGS, creationTime })
    .onConflictDoNothing();
  const [materialCount] = await tx
    .select({ value: count() })
    .from(rebarMaterials)
    .where(eq(rebarMaterials.productId, product.id));
  if (Number(materialCount?.value ?? 0) > 0) return;
  const materials = await tx
    .insert(rebarMaterials)
    .values(DEMO_REBAR_MATERIALS.map((material) => ({ ...material, ...owner })))
    .returning({ id: rebarMaterials.id, grade: rebarMaterials.grade });
  await tx.insert(rebars).values(
    materials.flatMap((material) =>
      DEMO_REBAR_DIAMETERS.map((diameter) => ({
        name: rebarSpecName(material.grade, diameter),
        grade: material.grade,
        diameter,
        unitWeight: nominalUnitWeight(diameter),
        rebarMaterialId: material.id,
        stockLengths: DEMO_STOCK_LENGTHS,
        ...owner,
      })),
    ),
  );
}

/**
 * Demo data, run at every start: creates only what is missing, never overwrites what users changed
 * (a renamed client, a planner whose grants were edited, a changed password). One transaction,
 * so a concurrent start of another instance cannot half-seed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const admin = await ensureRole(tx, ADMIN_ROLE, '系统管理员', true);
    const planner = await ensureDemoRole(tx, PLANNER_ROLE, PLANNER_PERMISSIONS);
    const keeper = await ensureDemoRole(tx, KEEPER_ROLE, KEEPER_PERMISSIONS);

    await tx
      .insert(clients)
      .values({ ...DEMO_CLIENT, creationTime: isoNow() })
      .onConflictDoNothing();
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, DEMO_CLIENT.code));
    if (!client) throw new Error('demo client missing');
    await seedMasterData(tx);
    const typeIds = await tx
      .select({ id: productTypes.id, code: productTypes.code })
      .from(productTypes)
      .where(inArray(productTypes.code, Object.values(DEMO_PRODUCT_TYPE_OF)));
    const typeIdOf = new Map(typeIds.map((type) => [type.code, type.id]));
    await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((product) => ({
          ...product,
          clientId: client.id,
          productTypeId: typeIdOf.get(DEMO_PRODUCT_TYPE_OF[product.code]) ?? null,
          creationTime: isoNow(),
        })),
      )
      .onConflictDoNothing();
    const demoProducts = await tx
      .select({ id: products.id, clientId: products.clientId })
      .from(products)
      .where(
        inArray(
          products.code,
          DEMO_PRODUCTS.map((product) => product.code),
        ),
      );
    for (const product of demoProducts) await seedPlantData(tx, product);
    const productIdOf = async (code: string) =>
      (await tx.select({ id: products.id }).from(products).where(eq(products.code, code))).map((row) => row.id);

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
    await ensureUser(
      tx,
      { ...DEMO_PLANNER, usesDemoPassword: false },
      [planner.id],
      await productIdOf(PLANNER_PRODUCT_CODE),
    );
    await ensureUser(
      tx,
      { ...DEMO_KEEPER, usesDemoPassword: false },
      [keeper.id],
      await productIdOf(KEEPER_PRODUCT_CODE),
    );

    // The history is recorded by the keeper on their line, by the administrator elsewhere.
    const operators = await tx
      .select({ id: users.id, name: users.name, userName: users.userName })
      .from(users)
      .where(inArray(users.userName, [DEMO_ADMIN.userName, DEMO_KEEPER.userName]));
    const operatorOf = (userName: string) => {
      const user = operators.find((each) => each.userName === userName);
      return { id: user?.id ?? null, name: user?.name ?? null };
    };
    const [keeperLine] = await productIdOf(KEEPER_PRODUCT_CODE);
    for (const product of demoProducts)
      await seedStock(tx, product, operatorOf(product.id === keeperLine ? DEMO_KEEPER.userName : DEMO_ADMIN.userName));
  });
}
