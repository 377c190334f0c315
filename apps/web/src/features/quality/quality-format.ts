import type { InspectionCheck } from '@armature/domain';

/** Limits as an interval, an open side shown as such (`≥ 540 MPa`, `≤ 1005`, `995 – 1005 mm`); '—' for none. */
export function limitsText(lower: number | null, upper: number | null, unit: string | null): string {
  const suffix = unit ? ` ${unit}` : '';
  if (lower !== null && upper !== null) return `${lower} – ${upper}${suffix}`;
  if (lower !== null) return `≥ ${lower}${suffix}`;
  if (upper !== null) return `≤ ${upper}${suffix}`;
  return '—';
}

/** A weight-deviation check is judged in % of the nominal mass, whatever the characteristic's unit says. */
export const checkUnit = (check: Pick<InspectionCheck, 'method' | 'unit'>) =>
  check.method === 'weightDeviation' ? '%' : check.unit;
