import { nominalUnitWeight, rebarSpecName } from '@armature/domain';
import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { clients, products } from '../../core/crud/resources.table.ts';
import {
  inspectionTypes,
  partTypes,
  productSettings,
  productTypes,
  rebarMaterials,
  rebars,
  techniques,
} from './master-data.table.ts';
import type { Tx } from '../../core/db/client.ts';
import { isoNow } from '../../core/db/time.ts';
import {
  DEMO_CLIENT,
  DEMO_INSPECTION_TYPES,
  DEMO_PART_TYPES,
  DEMO_PRODUCT_SETTINGS,
  DEMO_PRODUCT_TYPE_OF,
  DEMO_PRODUCT_TYPES,
  DEMO_PRODUCTS,
  DEMO_REBAR_DIAMETERS,
  DEMO_RECEIPT_INSPECTION_TYPES,
  DEMO_RECEIVING_TECHNIQUE,
  DEMO_REBAR_MATERIALS,
  DEMO_SECOND_CLIENT,
  DEMO_STOCK_LENGTHS,
  DEMO_TECHNIQUES,
} from './master-data.demo.ts';

/** Demo master data goes into an empty table only: what users deleted or changed stays so. */
async function isEmpty(tx: Tx, table: PgTable): Promise<boolean> {
  const [row] = await tx.select({ value: count() }).from(table);
  return Number(row?.value ?? 0) === 0;
}

/**
 * Reference data of every database, the maker's master data a plant needs from its first day:
 * techniques with their inspection characteristics, product and part types, into empty tables only;
 * the receiving technique and the names' translations that databases seeded earlier lack.
 */
export async function seedReferenceMasterData(tx: Tx): Promise<void> {
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
  await seedReceivingTechnique(tx);
  if (await isEmpty(tx, productTypes))
    await tx.insert(productTypes).values(DEMO_PRODUCT_TYPES.map((type) => ({ ...type, creationTime })));
  if (await isEmpty(tx, partTypes))
    await tx.insert(partTypes).values(DEMO_PART_TYPES.map((type) => ({ ...type, creationTime })));
  await seedNameTranslations(tx);
}

/**
 * The receiving technique and its characteristics, when no technique is checked at receipt and none
 * has its code: databases seeded before techniques had a stage get it too, while one the users
 * deleted, renamed or replaced by their own receiving technique stays as they left it.
 */
async function seedReceivingTechnique(tx: Tx): Promise<void> {
  const [existing] = await tx
    .select({ id: techniques.id })
    .from(techniques)
    .where(or(eq(techniques.stage, 'receipt'), eq(techniques.code, DEMO_RECEIVING_TECHNIQUE.code)))
    .limit(1);
  if (existing) return;
  const creationTime = isoNow();
  const [technique] = await tx
    .insert(techniques)
    .values({ ...DEMO_RECEIVING_TECHNIQUE, creationTime })
    .returning({ id: techniques.id });
  if (!technique) throw new Error('receiving technique insert returned no row');
  await tx
    .insert(inspectionTypes)
    .values(
      DEMO_RECEIPT_INSPECTION_TYPES.map((inspection) => ({ ...inspection, techniqueId: technique.id, creationTime })),
    );
}

/**
 * The English and French names of demo records created before names had translations: only where the
 * record still has its demo code and Chinese name and no translation yet, so users' edits stay.
 */
async function seedNameTranslations(tx: Tx): Promise<void> {
  // The tables share the columns used here; drizzle types each table apart, hence one type for all.
  type Translated = typeof techniques;
  const sets: [Translated, readonly { code: string; name: string; nameEn: string; nameFr: string }[]][] = [
    [techniques, DEMO_TECHNIQUES],
    [inspectionTypes as unknown as Translated, DEMO_INSPECTION_TYPES],
    [productTypes as unknown as Translated, DEMO_PRODUCT_TYPES],
    [partTypes as unknown as Translated, DEMO_PART_TYPES],
    [rebarMaterials as unknown as Translated, DEMO_REBAR_MATERIALS],
  ];
  for (const [table, records] of sets)
    for (const record of records)
      await tx
        .update(table)
        .set({ nameEn: record.nameEn, nameFr: record.nameFr })
        .where(
          and(eq(table.code, record.code), eq(table.name, record.name), isNull(table.nameEn), isNull(table.nameFr)),
        );
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

export type DemoProduct = { id: string; code: string; clientId: string };

/** The second demo client and its line, with the line's settings, materials and specs: whatever is missing. */
async function seedSecondClient(tx: Tx, typeIdOf: ReadonlyMap<string, string>): Promise<void> {
  const { product: line, ...company } = DEMO_SECOND_CLIENT;
  await tx
    .insert(clients)
    .values({ ...company, creationTime: isoNow() })
    .onConflictDoNothing();
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, company.code));
  if (!client) return;
  await tx
    .insert(products)
    .values({
      code: line.code,
      name: line.name,
      clientId: client.id,
      productTypeId: typeIdOf.get(line.productType) ?? null,
      creationTime: isoNow(),
    })
    .onConflictDoNothing();
  const [product] = await tx
    .select({ id: products.id, clientId: products.clientId })
    .from(products)
    .where(eq(products.code, line.code));
  if (product) await seedPlantData(tx, product);
}

/**
 * The demo client with its two lines, each line's settings, materials and rebar specs, then the second
 * client with its line — whatever is missing. Answers the demo client's products (those still there),
 * where the other areas put their demo records.
 */
export async function seedDemoMasterData(tx: Tx): Promise<DemoProduct[]> {
  await tx
    .insert(clients)
    .values({ ...DEMO_CLIENT, creationTime: isoNow() })
    .onConflictDoNothing();
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.code, DEMO_CLIENT.code));
  if (!client) throw new Error('demo client missing');
  const typeIds = await tx
    .select({ id: productTypes.id, code: productTypes.code })
    .from(productTypes)
    .where(
      inArray(productTypes.code, [...Object.values(DEMO_PRODUCT_TYPE_OF), DEMO_SECOND_CLIENT.product.productType]),
    );
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
    .select({ id: products.id, code: products.code, clientId: products.clientId })
    .from(products)
    .where(
      inArray(
        products.code,
        DEMO_PRODUCTS.map((product) => product.code),
      ),
    );
  for (const product of demoProducts) await seedPlantData(tx, product);
  await seedSecondClient(tx, typeIdOf);
  return demoProducts;
}
