import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  plcTemplateProblems,
  type Localized,
  type PlcTask,
  type PlcTaskInput,
  type plcTaskListQuerySchema,
} from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import type { Author } from '../../core/tenancy/actor.ts';
import { techniques } from '../master-data/master-data.table.ts';
import type { Referrers } from '../../core/crud/in-use.ts';
import { duplicateError, onUniqueViolation } from '../../core/db/db-errors.ts';
import { fetchPage, listClauses, type ListSpec } from '../../core/db/list-query.ts';
import { isoNow, sameInstant, toIso } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import { plcTaskTemplates } from './bom.table.ts';

type ListQuery = z.output<typeof plcTaskListQuerySchema>;
const selectTasks = (db: Db | Tx) =>
  db
    .select({
      id: plcTaskTemplates.id,
      code: plcTaskTemplates.code,
      name: plcTaskTemplates.name,
      equipmentModel: plcTaskTemplates.equipmentModel,
      techniqueId: plcTaskTemplates.techniqueId,
      techniqueName: techniques.name,
      parameters: plcTaskTemplates.parameters,
      command: plcTaskTemplates.command,
      description: plcTaskTemplates.description,
      creationTime: plcTaskTemplates.creationTime,
      lastModificationTime: plcTaskTemplates.lastModificationTime,
    })
    .from(plcTaskTemplates)
    .leftJoin(techniques, eq(techniques.id, plcTaskTemplates.techniqueId))
    .$dynamic();

type Row = Awaited<ReturnType<typeof selectTasks>>[number];
const toTask = (row: Row): PlcTask => ({
  ...row,
  creationTime: toIso(row.creationTime),
  lastModificationTime: toIso(row.lastModificationTime),
});

const PLC_TASK_LIST: ListSpec = {
  searchable: [plcTaskTemplates.code, plcTaskTemplates.name, plcTaskTemplates.equipmentModel, plcTaskTemplates.command],
  sortable: {
    code: plcTaskTemplates.code,
    name: plcTaskTemplates.name,
    equipmentModel: plcTaskTemplates.equipmentModel,
    creationTime: plcTaskTemplates.creationTime,
  },
  defaultOrder: [asc(plcTaskTemplates.equipmentModel), asc(plcTaskTemplates.code), asc(plcTaskTemplates.id)],
};

const modelIs = (model: string | undefined): SQL | undefined =>
  model ? eq(plcTaskTemplates.equipmentModel, model) : undefined;

/** A page of templates: keyword over code, name, model and command; `equipmentModel` exactly. */
export async function listPlcTasks(db: Db, query: ListQuery) {
  const clauses = listClauses(query, PLC_TASK_LIST, [modelIs(query.equipmentModel)]);
  const page = await fetchPage(
    selectTasks(db),
    db.select({ value: count() }).from(plcTaskTemplates).$dynamic(),
    clauses,
  );
  return { items: page.items.map(toTask), totalCount: page.totalCount };
}

/** Every template (of one model when given), for selects. */
export async function allPlcTasks(db: Db, equipmentModel?: string): Promise<PlcTask[]> {
  const rows = await selectTasks(db)
    .where(modelIs(equipmentModel))
    .orderBy(...PLC_TASK_LIST.defaultOrder);
  return rows.map(toTask);
}

export async function plcTaskById(db: Db | Tx, id: string): Promise<PlcTask> {
  const [row] = await selectTasks(db).where(eq(plcTaskTemplates.id, id));
  if (!row) throw new AppError('not_found');
  return toTask(row);
}

const CODE_CLASH = [
  { name: 'equipmentModel', label: { 'zh-CN': '设备型号', 'en-US': 'Equipment model', 'fr-FR': 'Modèle de machine' } },
  { name: 'code', label: { 'zh-CN': '编码', 'en-US': 'Code', 'fr-FR': 'Code' } },
] as const satisfies readonly { name: string; label: Localized }[];

/** The template's rules (400 naming the field) and its technique (400 on `techniqueId`); answers the stored values. */
async function checked(tx: Tx, body: PlcTaskInput) {
  const problems = plcTemplateProblems(body);
  if (body.techniqueId) {
    const [technique] = await tx
      .select({ id: techniques.id })
      .from(techniques)
      .where(eq(techniques.id, body.techniqueId))
      .for('key share');
    if (!technique) problems.techniqueId = ['invalid'];
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
  const { lastModificationTime: _stamp, ...values } = body;
  return { ...values, techniqueId: body.techniqueId ?? null, description: body.description ?? null };
}

const clash = (body: PlcTaskInput) =>
  onUniqueViolation(() => duplicateError(CODE_CLASH.map((field) => ({ ...field, value: body[field.name] }))));

export async function createPlcTask(tx: Tx, writer: Author, body: PlcTaskInput): Promise<string> {
  const values = await checked(tx, body);
  const [row] = await tx
    .insert(plcTaskTemplates)
    .values({ ...values, creatorId: writer.id, creationTime: isoNow() })
    .returning({ id: plcTaskTemplates.id })
    .catch(clash(body));
  if (!row) throw new Error('plc_task_template insert returned no row');
  return row.id;
}

/** The template, locked for this write; 404 when there is none, 409 `stale_update` when edited meanwhile. */
async function lockTask(tx: Tx, id: string, stamp?: string | null) {
  const [row] = await tx.select().from(plcTaskTemplates).where(eq(plcTaskTemplates.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  if (stamp !== undefined && !sameInstant(stamp, row.lastModificationTime)) throw new AppError('stale_update');
  return row;
}

export async function updatePlcTask(tx: Tx, writer: Author, id: string, body: PlcTaskInput): Promise<void> {
  await lockTask(tx, id, body.lastModificationTime);
  const values = await checked(tx, body);
  await tx
    .update(plcTaskTemplates)
    .set({ ...values, lastModifierId: writer.id, lastModificationTime: isoNow() })
    .where(eq(plcTaskTemplates.id, id))
    .catch(clash(body));
}

export async function deletePlcTask(tx: Tx, id: string): Promise<void> {
  await lockTask(tx, id);
  await tx.delete(plcTaskTemplates).where(eq(plcTaskTemplates.id, id));
}

const PLC_TASK_LABEL: Localized = {
  'zh-CN': 'PLC任务模板',
  'en-US': 'PLC task templates',
  'fr-FR': 'Modèles de tâche PLC',
};

/** Templates of a technique: they keep it from being deleted. */
export async function techniqueUsageOfPlcTasks(tx: Tx, techniqueId: string): Promise<Referrers[]> {
  const rows = await tx
    .select({ code: plcTaskTemplates.code })
    .from(plcTaskTemplates)
    .where(eq(plcTaskTemplates.techniqueId, techniqueId))
    .orderBy(...PLC_TASK_LIST.defaultOrder);
  return rows.length ? [{ label: PLC_TASK_LABEL, names: rows.map((row) => row.code) }] : [];
}
