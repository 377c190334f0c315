import { and, eq, inArray } from 'drizzle-orm';
import {
  inspectionTechnique,
  judgeChecks,
  QUALITY_PERMISSIONS,
  specUnitWeight,
  type CheckContext,
  type CheckInput,
  type InspectionKind,
  type TechniqueStage,
} from '@armature/domain';
import { inspectionTypes, rebarMaterials, rebars, techniques } from '../master-data/master-data.table.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { nextDocumentCode } from '../../core/db/document-code.ts';
import { isoNow } from '../../core/db/time.ts';
import { AppError, invalidFields } from '../../core/http/app-error.ts';
import type { Actor } from '../../core/tenancy/actor.ts';
import { notify } from '../inbox/index.ts';
import { inspectionChecks, inspections } from './quality.table.ts';

/** The code prefix of inspection records (`QI20261122-0001`). */
export const INSPECTION_PREFIX = 'QI';

const STAGE_LABELS = {
  receipt: { 'zh-CN': '进场收料', 'en-US': 'receipt', 'fr-FR': 'réception' },
  production: { 'zh-CN': '生产过程', 'en-US': 'production', 'fr-FR': 'production' },
} as const;

/** What is inspected: a receipt's bars, or a piece of a machine task (whose technique the checks must be of). */
export type InspectionSubject =
  | { kind: 'receipt'; rebarReceiveId: string; rebarId: string; heatNo: string }
  | {
      kind: 'production';
      taskId: string;
      taskCode: string;
      equipmentId: string;
      techniqueId: string;
      rebarId: string;
      /** The heats the task consumed so far, comma-separated. */
      heatNo: string;
      pieceNo: number;
      scrapPieces: number;
    };

export type InspectionEntry = {
  checks: readonly CheckInput[];
  inspectedAt?: string | undefined;
  remark?: string | null | undefined;
};

export type WrittenInspection = { id: string; code: string; result: 'pass' | 'fail'; failedChecks: string[] };

const STAGE_OF: Record<InspectionKind, TechniqueStage> = { receipt: 'receipt', production: 'production' };

/**
 * What judging a check of `rebarId`'s bars compares with: diameter, nominal kg/m and the material's
 * minimums (null without a material). 404 for a spec of another product.
 */
export async function checkContextOf(db: Db | Tx, productId: string, rebarId: string): Promise<CheckContext> {
  const [spec] = await db
    .select({
      diameter: rebars.diameter,
      unitWeight: rebars.unitWeight,
      yieldStrength: rebarMaterials.yieldStrength,
      tensileStrength: rebarMaterials.tensileStrength,
      elongation: rebarMaterials.elongation,
      materialId: rebarMaterials.id,
    })
    .from(rebars)
    .leftJoin(rebarMaterials, eq(rebarMaterials.id, rebars.rebarMaterialId))
    .where(and(eq(rebars.id, rebarId), eq(rebars.productId, productId)));
  if (!spec) throw new AppError('not_found');
  return {
    diameter: spec.diameter,
    unitWeight: specUnitWeight(spec),
    material: spec.materialId
      ? { yieldStrength: spec.yieldStrength, tensileStrength: spec.tensileStrength, elongation: spec.elongation }
      : null,
  };
}

/** A characteristic's columns that name it and set how it is judged. */
export const characteristicColumns = {
  id: inspectionTypes.id,
  code: inspectionTypes.code,
  name: inspectionTypes.name,
  unit: inspectionTypes.unit,
  method: inspectionTypes.method,
  standardValue: inspectionTypes.standardValue,
  lowerTolerance: inspectionTypes.lowerTolerance,
  upperTolerance: inspectionTypes.upperTolerance,
};

/**
 * Judges and records one inspection inside the caller's transaction. Every check's characteristic must
 * exist, be of the subject's stage (a receiving technique for a receipt; the task's technique for a
 * piece) and all of one technique, else 400 naming `checks.{i}.inspectionTypeId`; a check missing what
 * its method needs answers 400 on that field (`checks.{i}.massKg`…). A check marked `notTested` is not
 * recorded; every check so marked answers 400 on `checks`. Limits and characteristic names are
 * stored as judged. Answers the record's id, code and result, and the codes of the failed checks.
 */
export async function writeInspection(
  tx: Tx,
  { scope, user: inspector }: Pick<Actor, 'scope' | 'user'>,
  subject: InspectionSubject,
  entry: InspectionEntry,
): Promise<WrittenInspection> {
  const typeIds = entry.checks.map((check) => check.inspectionTypeId);
  const characteristics = await tx
    .select({ ...characteristicColumns, techniqueId: inspectionTypes.techniqueId })
    .from(inspectionTypes)
    .where(inArray(inspectionTypes.id, typeIds));
  const ownTechniqueIds = [...new Set(characteristics.flatMap((row) => (row.techniqueId ? [row.techniqueId] : [])))];
  const stages = new Map(
    (ownTechniqueIds.length
      ? await tx
          .select({ id: techniques.id, stage: techniques.stage })
          .from(techniques)
          .where(inArray(techniques.id, ownTechniqueIds))
      : []
    ).map((row) => [row.id, row.stage]),
  );
  const byId = new Map(
    characteristics.map((row) => [
      row.id,
      { ...row, stage: row.techniqueId ? stages.get(row.techniqueId) : undefined },
    ]),
  );

  const details: Record<string, string[]> = {};
  entry.checks.forEach((check, index) => {
    if (!byId.has(check.inspectionTypeId)) details[`checks.${index}.inspectionTypeId`] = ['invalid'];
  });
  if (Object.keys(details).length) throw invalidFields(details);

  const stage = STAGE_OF[subject.kind];
  const production = subject.kind === 'production' ? subject : null;
  const fit = inspectionTechnique(
    entry.checks.map((check) => byId.get(check.inspectionTypeId)!),
    production ? { stage: 'production', taskTechniqueId: production.techniqueId } : { stage: 'receipt' },
  );
  if (!fit.ok) {
    if (fit.problem === 'oneTechnique') throw invalidFields({ checks: ['oneTechnique'] });
    const field = { [`checks.${fit.index}.inspectionTypeId`]: ['invalid'] };
    if (fit.problem === 'taskTechnique' && production)
      throw new AppError('inspection_task_technique', { code: fit.code, task: production.taskCode }, field);
    throw new AppError('inspection_wrong_stage', { code: fit.code, stage: STAGE_LABELS[stage] }, field);
  }
  const { techniqueId } = fit;

  if (entry.checks.every((check) => check.notTested)) throw invalidFields({ checks: ['nothingJudged'] });

  const context = await checkContextOf(tx, scope.productId, subject.rebarId);

  const judging = judgeChecks(
    entry.checks.map((check) => ({ entry: check, characteristic: byId.get(check.inspectionTypeId)! })),
    context,
  );
  if (!judging.ok) throw invalidFields(judging.fields);
  const { judged: checks, result } = judging;
  const inspectedAt = entry.inspectedAt ? new Date(entry.inspectedAt).toISOString() : isoNow();
  const code = await nextDocumentCode(tx, scope.productId, INSPECTION_PREFIX, new Date(inspectedAt));
  const [record] = await tx
    .insert(inspections)
    .values({
      ...scope,
      code,
      kind: subject.kind,
      result,
      techniqueId,
      rebarReceiveId: subject.kind === 'receipt' ? subject.rebarReceiveId : null,
      taskId: production?.taskId ?? null,
      equipmentId: production?.equipmentId ?? null,
      rebarId: subject.rebarId,
      heatNo: subject.heatNo,
      pieceNo: production?.pieceNo ?? null,
      scrapPieces: result === 'fail' ? (production?.scrapPieces ?? 0) : 0,
      inspectorId: inspector.id,
      inspectorName: inspector.name,
      inspectedAt,
      remark: entry.remark ?? null,
      creatorId: inspector.id,
    })
    .returning({ id: inspections.id });
  if (!record) throw new Error('inspection insert returned no row');
  await tx.insert(inspectionChecks).values(
    checks.map(({ entry: check, characteristic, outcome }) => ({
      ...scope,
      inspectionId: record.id,
      inspectionTypeId: characteristic.id,
      code: characteristic.code,
      name: characteristic.name,
      unit: characteristic.unit,
      method: characteristic.method,
      value: outcome.value,
      massKg: check.massKg ?? null,
      lengthMm: check.lengthMm ?? null,
      lowerLimit: outcome.lowerLimit,
      upperLimit: outcome.upperLimit,
      passed: outcome.result === 'pass',
      remark: check.remark ?? null,
      equipmentId: production?.equipmentId ?? null,
      inspectedAt,
    })),
  );
  const failed = checks.filter(({ outcome }) => outcome.result === 'fail');
  if (result === 'fail')
    // The line's quality readers and the inspector are told, naming the first check that failed.
    await notify(tx, {
      kind: 'inspectionFailed',
      clientId: scope.clientId,
      productId: scope.productId,
      subject: { page: QUALITY_PERMISSIONS.read, id: record.id },
      params: {
        code,
        characteristic: failed[0]?.characteristic.name ?? '',
        value: failed[0]?.outcome.value ?? '',
      },
      actorId: inspector.id,
    });
  return {
    id: record.id,
    code,
    result,
    failedChecks: failed.map(({ characteristic }) => characteristic.code),
  };
}
