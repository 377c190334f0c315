import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Equipment, Localized, OperationStatus, equipmentListQuerySchema } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { clients, products } from '../../core/crud/resources.table.ts';
import { productTypes, techniques } from '../master-data/master-data.table.ts';
import { AppError } from '../../core/http/app-error.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { toIso } from '../../core/db/time.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { equipment, equipmentCredentials, equipmentLive } from './equipment.table.ts';

/** The list query as the route's schema parsed it (statuses always arrays). */
type ListQuery = z.output<typeof equipmentListQuerySchema>;

/** A machine without its live row yet (none should be) reads as never seen. */
const operationStatus = sql<OperationStatus>`coalesce(${equipmentLive.state}, 'offline')`;

/** The techniques' names in the order the machine lists their ids. */
const techniqueNames = sql<string[]>`coalesce((
  select array_agg(${techniques.name} order by array_position(${equipment.techniqueIds}, ${techniques.id}))::text[]
  from ${techniques} where ${techniques.id} = any(${equipment.techniqueIds})
), '{}'::text[])`;

const columns = {
  id: equipment.id,
  serialNumber: equipment.serialNumber,
  name: equipment.name,
  spec: equipment.spec,
  figureNo: equipment.figureNo,
  productTypeId: equipment.productTypeId,
  productTypeName: productTypes.name,
  clientId: equipment.clientId,
  clientName: clients.companyName,
  clientCode: clients.code,
  productId: equipment.productId,
  productName: products.name,
  productCode: products.code,
  creatorName: equipment.creatorName,
  productionDate: equipment.productionDate,
  saleStatus: equipment.saleStatus,
  operationStatus,
  mode: equipmentLive.mode,
  statusSince: equipmentLive.since,
  lastSeen: equipmentLive.lastSeen,
  alarmCode: equipmentLive.alarmCode,
  alarmText: equipmentLive.alarmText,
  alarmSeverity: equipmentLive.alarmSeverity,
  alarmSince: equipmentLive.alarmSince,
  techniqueIds: equipment.techniqueIds,
  techniqueNames,
  diameterMin: equipment.diameterMin,
  diameterMax: equipment.diameterMax,
  idealRate: equipment.idealRate,
  concurrentTasks: equipment.concurrentTasks,
  throughput: equipment.throughput,
  shiftCalendar: equipment.shiftCalendar,
  changeover: equipment.changeover,
  remark: equipment.remark,
  mqttUsername: equipmentCredentials.username,
  credentialsIssuedAt: equipmentCredentials.issuedAt,
  creationTime: equipment.creationTime,
  lastModificationTime: equipment.lastModificationTime,
};

const selectEquipment = (db: Db | Tx) =>
  db
    .select(columns)
    .from(equipment)
    .leftJoin(clients, eq(clients.id, equipment.clientId))
    .leftJoin(products, eq(products.id, equipment.productId))
    .leftJoin(productTypes, eq(productTypes.id, equipment.productTypeId))
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .leftJoin(equipmentCredentials, eq(equipmentCredentials.equipmentId, equipment.id))
    .$dynamic();

/** The count of a page: the list's conditions read the machine and its live state only. */
const countEquipment = (db: Db) =>
  db
    .select({ value: count() })
    .from(equipment)
    .leftJoin(equipmentLive, eq(equipmentLive.equipmentId, equipment.id))
    .$dynamic();

type Row = Awaited<ReturnType<typeof selectEquipment>>[number];

function toEquipment(row: Row): Equipment {
  const { alarmCode, alarmText, alarmSeverity, alarmSince, mode, ...rest } = row;
  return {
    ...rest,
    mode: mode as Equipment['mode'],
    statusSince: toIso(row.statusSince),
    lastSeen: toIso(row.lastSeen),
    activeAlarm:
      alarmCode && alarmSeverity && alarmSince
        ? { code: alarmCode, text: alarmText ?? '', severity: alarmSeverity, since: toIso(alarmSince) }
        : null,
    telemetry: row.mqttUsername !== null,
    credentialsIssuedAt: toIso(row.credentialsIssuedAt),
    creationTime: toIso(row.creationTime),
    lastModificationTime: toIso(row.lastModificationTime),
  };
}

const EQUIPMENT_LIST: ListSpec = {
  searchable: [equipment.serialNumber, equipment.name, equipment.spec, equipment.figureNo],
  sortable: {
    serialNumber: equipment.serialNumber,
    name: equipment.name,
    spec: equipment.spec,
    clientName: clients.companyName,
    productName: products.name,
    productionDate: equipment.productionDate,
    operationStatus,
    saleStatus: equipment.saleStatus,
    lastSeen: equipmentLive.lastSeen,
  },
  defaultOrder: [asc(equipment.serialNumber), asc(equipment.id)],
};

const filtersOf = (query: ListQuery): (SQL | undefined)[] => [
  query.clientId ? eq(equipment.clientId, query.clientId) : undefined,
  query.productId ? eq(equipment.productId, query.productId) : undefined,
  query.productTypeId ? eq(equipment.productTypeId, query.productTypeId) : undefined,
  query.operationStatus?.length ? inArray(operationStatus, query.operationStatus) : undefined,
  query.saleStatus?.length ? inArray(equipment.saleStatus, query.saleStatus) : undefined,
];

/**
 * A page of machines: the keyword over serial number, name, model and drawing number, the filters of
 * the query, and `clientId` when given (a plant sees its current client's machines only).
 */
export async function listEquipment(db: Db, query: ListQuery, clientId?: string) {
  const clauses = listClauses(query, EQUIPMENT_LIST, [
    clientId ? eq(equipment.clientId, clientId) : undefined,
    ...filtersOf(query),
  ]);
  const page = await fetchPage(selectEquipment(db), countEquipment(db), clauses);
  return { items: page.items.map(toEquipment), totalCount: page.totalCount };
}

/** The machines installed on a product line, by serial number: the options of a plant's selects. */
export async function equipmentOfProduct(db: Db, productId: string): Promise<Equipment[]> {
  const rows = await selectEquipment(db)
    .where(eq(equipment.productId, productId))
    .orderBy(...EQUIPMENT_LIST.defaultOrder);
  return rows.map(toEquipment);
}

/** One machine; 404 when there is none, or (given `clientId`) when it belongs to another client. */
export async function equipmentById(db: Db | Tx, id: string, clientId?: string): Promise<Equipment> {
  const [row] = await selectEquipment(db).where(
    and(eq(equipment.id, id), clientId ? eq(equipment.clientId, clientId) : undefined),
  );
  if (!row) throw new AppError('not_found');
  return toEquipment(row);
}

const USAGE_LABEL: Localized = { 'zh-CN': '设备', 'en-US': 'Machines', 'fr-FR': 'Machines' };
const NAMED = 5;

/** Machines of a client, on a product line, of a product type or performing a technique: they keep it from being deleted. */
export async function equipmentUsage(
  tx: Tx,
  by: { clientId: string } | { productId: string } | { productTypeId: string } | { techniqueId: string },
): Promise<Referrers[]> {
  const where =
    'clientId' in by
      ? eq(equipment.clientId, by.clientId)
      : 'productId' in by
        ? eq(equipment.productId, by.productId)
        : 'productTypeId' in by
          ? eq(equipment.productTypeId, by.productTypeId)
          : sql`${equipment.techniqueIds} @> array[${by.techniqueId}]::uuid[]`;
  const total = await tx.$count(equipment, where);
  if (!total) return [];
  const named = await tx
    .select({ serialNumber: equipment.serialNumber })
    .from(equipment)
    .where(where)
    .orderBy(asc(equipment.serialNumber))
    .limit(NAMED);
  return [{ label: USAGE_LABEL, names: named.map((row) => row.serialNumber), total: Number(total) }];
}
