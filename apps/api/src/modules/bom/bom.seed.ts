import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { digitalTwinBomInputSchema, plcTaskInputSchema } from '@armature/domain';
import type { Tx } from '../../core/db/client.ts';
import { SEED_AUTHOR } from '../../core/tenancy/actor.ts';
import { partTypes, productTypes, techniques } from '../master-data/master-data.table.ts';
import { spareParts } from './spare-part.table.ts';
import { isoNow } from '../../core/db/time.ts';
import { newStorageKey } from '../../core/files/file-store.ts';
import { storedFiles } from '../../core/files/files.table.ts';
import {
  DEMO_BOMS,
  DEMO_BOM_PART_TYPES,
  DEMO_MAKE_BOM_OF,
  DEMO_PARTS,
  DEMO_PLC_TASKS,
  DEMO_TWIN,
  type DemoNode,
} from './bom.demo.ts';
import { designBomNodes, designBoms } from './bom.table.ts';
import { createTwinBom } from './digital-twin-bom.store.ts';
import { deriveMakeBom } from './make-bom.command.ts';
import { createPlcTask } from './plc-task.store.ts';
import { demoPictures } from './spare-part.demo-pictures.ts';
import { SPARE_PART_FILES } from './spare-part.query.ts';

async function idsByCode(tx: Tx, table: typeof partTypes | typeof productTypes | typeof techniques, codes: string[]) {
  const rows = await tx.select({ id: table.id, code: table.code }).from(table).where(inArray(table.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

type NodeRow = typeof designBomNodes.$inferInsert & { id: string; partCode: string };

/** The tree's rows, parents first, with their ids chosen here so children can name them. */
function nodeRows(bomId: string, partIds: Map<string, string>, tree: DemoNode): NodeRow[] {
  const rows: NodeRow[] = [];
  const visit = (node: DemoNode, parentId: string | null, depth: number, sortIndex: number) => {
    const id = randomUUID();
    rows.push({
      id,
      bomId,
      parentId,
      partId: partIds.get(node.part)!,
      partCode: node.part,
      quantity: node.quantity,
      positionNo: node.positionNo ?? null,
      depth,
      sortIndex,
    });
    node.children?.forEach((child, index) => visit(child, id, depth + 1, index));
  };
  visit(tree, null, 0, 0);
  return rows;
}

/**
 * The BOM centre's demo, once: into a database without parts and BOMs (what users changed or
 * deleted afterwards stays so). The parts library (with the part types it needs), a released V1
 * design BOM per machine model, a manufacturing BOM derived from the shear line's, the shear line's
 * digital-twin BOM, two PLC task templates, and the rows of the parts' demo pictures (their bytes go
 * into the file store when the API is ready: `restoreDemoPictures`).
 */
export async function seedBom(tx: Tx, time = isoNow()): Promise<void> {
  if ((await tx.$count(spareParts)) || (await tx.$count(designBoms))) return;
  await tx
    .insert(partTypes)
    .values(DEMO_BOM_PART_TYPES.map((type) => ({ ...type, creationTime: time })))
    .onConflictDoNothing();
  const typeIds = await idsByCode(tx, partTypes, [...new Set(DEMO_PARTS.map((part) => part.type))]);
  const parts = await tx
    .insert(spareParts)
    .values(
      DEMO_PARTS.map(({ type, ...part }) => ({ ...part, partTypeId: typeIds.get(type) ?? null, creationTime: time })),
    )
    .returning({ id: spareParts.id, code: spareParts.code });
  const partIds = new Map(parts.map((part) => [part.code, part.id]));

  const productTypeIds = await idsByCode(tx, productTypes, [...new Set(DEMO_BOMS.map((bom) => bom.productType))]);
  const bomIds = new Map<string, string>();
  const nodesOfTwin: NodeRow[] = [];
  for (const bom of DEMO_BOMS) {
    const [created] = await tx
      .insert(designBoms)
      .values({
        code: bom.code,
        name: bom.name,
        version: 1,
        status: 'released',
        productTypeId: productTypeIds.get(bom.productType) ?? null,
        partId: partIds.get(bom.tree.part)!,
        releasedAt: time,
        releasedByName: 'admin',
        creationTime: time,
      })
      .returning({ id: designBoms.id });
    const rows = nodeRows(created!.id, partIds, bom.tree);
    await tx.insert(designBomNodes).values(rows.map(({ partCode: _code, ...row }) => row));
    bomIds.set(bom.code, created!.id);
    if (bom.code === DEMO_TWIN.bom) nodesOfTwin.push(...rows);
  }
  await deriveMakeBom(tx, SEED_AUTHOR, bomIds.get(DEMO_MAKE_BOM_OF)!);

  const nodeOfPart = (code: string) => nodesOfTwin.find((node) => node.partCode === code)?.id ?? null;
  await createTwinBom(
    tx,
    SEED_AUTHOR,
    digitalTwinBomInputSchema.parse({
      code: DEMO_TWIN.code,
      name: DEMO_TWIN.name,
      designBomId: bomIds.get(DEMO_TWIN.bom),
      elements: DEMO_TWIN.elements.map(({ part, ...element }) => ({ ...element, designNodeId: nodeOfPart(part) })),
    }),
  );

  const techniqueIds = await idsByCode(
    tx,
    techniques,
    DEMO_PLC_TASKS.map((task) => task.technique),
  );
  for (const { technique, ...task } of DEMO_PLC_TASKS)
    await createPlcTask(
      tx,
      SEED_AUTHOR,
      plcTaskInputSchema.parse({ ...task, techniqueId: techniqueIds.get(technique) ?? null }),
    );

  await tx.insert(storedFiles).values(
    demoPictures().map((picture) => ({
      ownerType: SPARE_PART_FILES,
      ownerId: partIds.get(picture.part)!,
      fileName: picture.fileName,
      mediaType: 'image/png',
      size: picture.bytes.length,
      sha256: picture.sha256,
      storageKey: newStorageKey(SPARE_PART_FILES),
      creationTime: time,
    })),
  );
}
