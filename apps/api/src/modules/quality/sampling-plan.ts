import { and, asc, eq } from 'drizzle-orm';
import type { Locale, SamplingPlan } from '@armature/domain';
import { techniques } from '../master-data/master-data.table.ts';
import type { Db, Tx } from '../../core/db/client.ts';
import { isoNow, toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import type { Scope } from '../../core/tenancy/tenancy.ts';
import { localName } from './inspection.query.ts';
import { samplingPlans } from './quality.table.ts';

/** The production techniques with the product's rule for each (everyN 0, never modified, when none is stored). */
function selectPlans(db: Db | Tx, productId: string) {
  return db
    .select({
      techniqueId: techniques.id,
      techniqueCode: techniques.code,
      technique: { name: techniques.name, nameEn: techniques.nameEn, nameFr: techniques.nameFr },
      everyN: samplingPlans.everyN,
      lastModificationTime: samplingPlans.lastModificationTime,
      creationTime: samplingPlans.creationTime,
    })
    .from(techniques)
    .leftJoin(samplingPlans, and(eq(samplingPlans.techniqueId, techniques.id), eq(samplingPlans.productId, productId)))
    .where(eq(techniques.stage, 'production'))
    .$dynamic();
}

type PlanRow = Awaited<ReturnType<typeof selectPlans>>[number];

const toPlan = (row: PlanRow, locale: Locale): SamplingPlan => ({
  techniqueId: row.techniqueId,
  techniqueCode: row.techniqueCode,
  techniqueName: localName(row.technique, locale),
  everyN: row.everyN ?? 0,
  // A plan set once and never changed answers when it was set.
  lastModificationTime: toIso(row.lastModificationTime ?? row.creationTime),
});

/** `GET /api/inspection/sampling-plans`: every production technique in basic configuration's order. */
export async function listSamplingPlans(db: Db, productId: string, locale: Locale): Promise<SamplingPlan[]> {
  const rows = await selectPlans(db, productId).orderBy(asc(techniques.index), asc(techniques.code));
  return rows.map((row) => toPlan(row, locale));
}

/** The product's plan of a production technique; 404 for an unknown or receiving technique. */
export async function samplingPlanOf(db: Db | Tx, productId: string, techniqueId: string, locale: Locale) {
  const [row] = await selectPlans(db, productId).where(
    and(eq(techniques.stage, 'production'), eq(techniques.id, techniqueId)),
  );
  if (!row) throw new AppError('not_found');
  return toPlan(row, locale);
}

/** `PUT /api/inspection/sampling-plans/{techniqueId}`: sets the product's rule (the last write wins: one number). */
export async function saveSamplingPlan(
  tx: Tx,
  scope: Pick<Scope, 'clientId' | 'productId' | 'userId'>,
  techniqueId: string,
  everyN: number,
  locale: Locale,
): Promise<SamplingPlan> {
  await samplingPlanOf(tx, scope.productId, techniqueId, locale);
  const now = isoNow();
  await tx
    .insert(samplingPlans)
    .values({
      clientId: scope.clientId,
      productId: scope.productId,
      techniqueId,
      everyN,
      creatorId: scope.userId,
      creationTime: now,
    })
    .onConflictDoUpdate({
      target: [samplingPlans.productId, samplingPlans.techniqueId],
      set: { everyN, lastModifierId: scope.userId, lastModificationTime: now },
    });
  return samplingPlanOf(tx, scope.productId, techniqueId, locale);
}
