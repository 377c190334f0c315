import { MY_TASK_KINDS, type Locale, type MyTask, type MyTaskKind, type MyTasks } from '@armature/domain';
import { formatKg, formatNumber } from '../../lib/number-format.ts';

/** A fraction (0…1) as a percentage with one decimal (`87.5%`); a dash when there is nothing to measure. */
export function formatRate(rate: number | null | undefined, locale: Locale): string {
  return rate === null || rate === undefined ? '–' : `${formatNumber(rate * 100, locale, 1)}%`;
}

/** Kilograms shown as tonnes (the dashboard's production and stock talk in tonnes). */
export const toTonnes = (kg: number): number => Math.round(kg) / 1000;

/** A "my task" value by its name (domain MY_TASK_PARAMS): weights in kg, rates in %, the rest as given. */
export function formatTaskParam(name: string, value: string | number | null, locale: Locale): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  if (name.endsWith('Kg')) return `${formatKg(value, locale)} kg`;
  if (name.endsWith('Rate')) return formatRate(value, locale);
  return formatNumber(value, locale);
}

export type TaskGroup = { kind: MyTaskKind; count: number; items: MyTask[] };

/**
 * The kinds the caller may act on, in the domain's order, each with its items (the server's order: oldest
 * first). A kind with a count but no items (nothing waiting) still shows, saying so.
 */
export function groupTasks(tasks: MyTasks): TaskGroup[] {
  return MY_TASK_KINDS.filter((kind) => tasks.counts[kind] !== undefined).map((kind) => ({
    kind,
    count: tasks.counts[kind] ?? 0,
    items: tasks.items.filter((item) => item.kind === kind),
  }));
}
