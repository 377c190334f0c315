import { sql, type SQL } from 'drizzle-orm';
import { rollUp, type BomNode, type BomSubtree } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { AppError } from '../../core/http/app-error.ts';

/** A node row with its part's figures, as the recursive queries answer it. */
type NodeRow = {
  id: string;
  parentId: string | null;
  partId: string;
  partCode: string;
  partName: string;
  partUnit: string;
  quantity: number;
  positionNo: string | null;
  remark: string | null;
  sortIndex: number;
  depth: number;
  weight: number | null;
  unitPrice: number | null;
};

async function rowsOf<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  // Both drivers answer `rows`; drizzle types them per driver.
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Node columns over `nodes` (an alias of design_bom_node or of a CTE over it) joined to its part `p`. */
const NODE_COLUMNS = sql.raw(`
  n.id, n.parent_id as "parentId", n.part_id as "partId", p.code as "partCode", p.name as "partName",
  p.unit as "partUnit", n.quantity::float8 as quantity, n.position_no as "positionNo", n.remark,
  n.sort_index as "sortIndex", n.depth, p.weight::float8 as weight, p.unit_price::float8 as "unitPrice"`);

/** What the recursion carries: the node's own columns only (the parts are joined once, at the end). */
const TREE_COLUMNS = sql.raw('id, parent_id, part_id, quantity, position_no, remark, sort_index, depth');
const CHILD_COLUMNS = sql.raw(
  'child.id, child.parent_id, child.part_id, child.quantity, child.position_no, child.remark, child.sort_index, child.depth',
);

/** Nodes with their rolled-up figures, pre-order; `topFactor` is the rolled quantity above the tops. */
function withFigures(rows: readonly NodeRow[], topFactor = 1): BomNode[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const nodes: BomNode[] = [];
  // Fields named one by one: spreading 10,000 rows was the larger part of a big subtree's time.
  for (const [id, figures] of rollUp(rows, topFactor)) {
    const row = byId.get(id)!;
    nodes.push({
      id,
      parentId: row.parentId,
      partId: row.partId,
      partCode: row.partCode,
      partName: row.partName,
      partUnit: row.partUnit,
      quantity: row.quantity,
      positionNo: row.positionNo,
      remark: row.remark,
      depth: row.depth,
      sortIndex: row.sortIndex,
      childCount: figures.childCount,
      rolledQuantity: figures.rolledQuantity,
      rolledWeight: figures.rolledWeight,
      rolledCost: figures.rolledCost,
    });
  }
  return nodes;
}

/** A whole design BOM tree, pre-order, each node with its figures per top-level unit. */
export async function bomTree(db: Db | Tx, bomId: string): Promise<BomNode[]> {
  const rows = await rowsOf<NodeRow>(
    db,
    sql`select ${NODE_COLUMNS} from design_bom_node n join spare_parts p on p.id = n.part_id where n.bom_id = ${bomId}`,
  );
  return withFigures(rows);
}

/** A node's ancestors, root first, with the rolled quantity of its parent (the product of their quantities). */
export async function ancestorsOf(db: Db | Tx, bomId: string, nodeId: string) {
  const rows = await rowsOf<{ id: string; partId: string; partCode: string; partName: string; quantity: number }>(
    db,
    sql`with recursive up as (
          select parent_id as id, 1 as distance from design_bom_node where id = ${nodeId} and bom_id = ${bomId}
          union all
          select n.parent_id, up.distance + 1 from design_bom_node n join up on n.id = up.id where n.parent_id is not null
        )
        select n.id, n.part_id as "partId", p.code as "partCode", p.name as "partName", n.quantity::float8 as quantity
        from up join design_bom_node n on n.id = up.id join spare_parts p on p.id = n.part_id
        order by up.distance desc`,
  );
  return { path: rows, factor: rows.reduce((product, row) => product * row.quantity, 1) };
}

/** A node and everything below it, in one recursive query over (bom, parent). 404 when the node is not the BOM's. */
export async function subtreeRows(db: Db | Tx, bomId: string, nodeId: string): Promise<NodeRow[]> {
  const rows = await rowsOf<NodeRow>(
    db,
    sql`with recursive tree as (
          select ${TREE_COLUMNS} from design_bom_node where id = ${nodeId} and bom_id = ${bomId}
          union all
          select ${CHILD_COLUMNS} from design_bom_node child join tree on child.bom_id = ${bomId} and child.parent_id = tree.id
        )
        select ${NODE_COLUMNS} from tree n join spare_parts p on p.id = n.part_id`,
  );
  if (!rows.length) throw new AppError('not_found');
  return rows;
}

/**
 * `GET /api/designBOM/{id}/children/{nodeId}`: the node's subtree, pre-order, its figures per
 * top-level unit (the ancestors' quantities multiplied in), and the path of ancestors, root first.
 * Two recursive queries whatever the size: one down the subtree, one up the ancestors.
 */
export async function bomSubtree(db: Db | Tx, bomId: string, nodeId: string): Promise<BomSubtree> {
  const rows = await subtreeRows(db, bomId, nodeId);
  const { path, factor } = await ancestorsOf(db, bomId, nodeId);
  const nodes = withFigures(rows, factor);
  return {
    bomId,
    node: nodes[0]!,
    path: path.map(({ id, partCode, partName }) => ({ id, partCode, partName })),
    nodes,
  };
}
