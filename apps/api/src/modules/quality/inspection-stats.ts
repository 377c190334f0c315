import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { controlChart, type ControlChartQuery, type ControlChartResult, type PassRate } from '@armature/domain';
import { inspectionTypes } from '../master-data/master-data.table.ts';
import type { Db } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { AppError } from '../../core/http/app-error.ts';
import { inspectionIds, inspectionWhere, plantDaysCondition, type InspectionFilters } from './inspection.query.ts';
import { inspectionChecks, inspections } from './quality.table.ts';

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * `GET /api/inspection/stats/pass-rate`: per characteristic checked in the inspections the filters
 * match (a characteristic filter keeps the inspections that checked it, and so their other checks),
 * the checks, those passed and their ratio; by characteristic code.
 */
export async function passRate(db: Db, productId: string, query: InspectionFilters): Promise<PassRate> {
  const passed = sql<number>`count(*) filter (where ${inspectionChecks.passed})`.mapWith(Number);
  const rows = await db
    .select({
      inspectionTypeId: inspectionChecks.inspectionTypeId,
      code: inspectionTypes.code,
      name: inspectionTypes.name,
      unit: inspectionTypes.unit,
      checks: count(),
      passed,
    })
    .from(inspectionChecks)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, inspectionChecks.inspectionTypeId))
    .where(
      and(
        eq(inspectionChecks.productId, productId),
        inArray(inspectionChecks.inspectionId, inspectionIds(db, await inspectionWhere(db, productId, query))),
      ),
    )
    .groupBy(inspectionChecks.inspectionTypeId, inspectionTypes.code, inspectionTypes.name, inspectionTypes.unit)
    .orderBy(asc(inspectionTypes.code));
  return {
    items: rows.map((row) => ({ ...row, passRate: row.checks ? round4(row.passed / row.checks) : 0 })),
  };
}

/**
 * `GET /api/inspection/stats/control-chart`: the most recent `limit` values of a characteristic (on one
 * machine, in a range of plant days, when asked), charted oldest first with the domain's Shewhart
 * rules; the tolerance lines are the latest check's limits. 404 for an unknown characteristic.
 */
export async function controlChartOf(db: Db, productId: string, query: ControlChartQuery): Promise<ControlChartResult> {
  const [characteristic] = await db
    .select({
      id: inspectionTypes.id,
      code: inspectionTypes.code,
      name: inspectionTypes.name,
      unit: inspectionTypes.unit,
    })
    .from(inspectionTypes)
    .where(eq(inspectionTypes.id, query.inspectionTypeId));
  if (!characteristic) throw new AppError('not_found');
  const latest = await db
    .select({
      value: inspectionChecks.value,
      lowerLimit: inspectionChecks.lowerLimit,
      upperLimit: inspectionChecks.upperLimit,
      inspectedAt: inspectionChecks.inspectedAt,
      inspectionCode: inspections.code,
    })
    .from(inspectionChecks)
    .innerJoin(inspections, eq(inspections.id, inspectionChecks.inspectionId))
    .where(
      and(
        eq(inspectionChecks.productId, productId),
        eq(inspectionChecks.inspectionTypeId, query.inspectionTypeId),
        isNotNull(inspectionChecks.value),
        query.equipmentId ? eq(inspectionChecks.equipmentId, query.equipmentId) : undefined,
        await plantDaysCondition(db, productId, inspectionChecks.inspectedAt, query),
      ),
    )
    .orderBy(desc(inspectionChecks.inspectedAt), desc(inspections.code))
    .limit(query.limit);
  const values = latest.reverse();
  const chart = controlChart(
    values.map((row) => row.value!),
    query.subgroupSize,
  );
  const newest = values.at(-1);
  return {
    inspectionTypeId: characteristic.id,
    code: characteristic.code,
    name: characteristic.name,
    unit: characteristic.unit,
    subgroupSize: chart.subgroupSize,
    lowerLimit: newest?.lowerLimit ?? null,
    upperLimit: newest?.upperLimit ?? null,
    centre: chart.centre,
    upperControl: chart.upperControl,
    lowerControl: chart.lowerControl,
    rangeCentre: chart.rangeCentre,
    rangeUpperControl: chart.rangeUpperControl,
    rangeLowerControl: chart.rangeLowerControl,
    // A point of a subgroup stands at its first value's inspection.
    points: chart.points.map((point, index) => {
      const first = values[index * chart.subgroupSize]!;
      return { ...point, inspectedAt: toIso(first.inspectedAt), inspectionCode: first.inspectionCode };
    }),
  };
}
