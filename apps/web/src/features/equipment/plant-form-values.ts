import dayjs, { type Dayjs } from 'dayjs';
import {
  DEFAULT_CHANGEOVER_MATRIX,
  DEFAULT_SHIFT_CALENDAR,
  type ChangeoverPair,
  type Equipment,
  type EquipmentPlantInput,
  type ShiftCalendar,
  type ThroughputBand,
} from '@armature/domain';

/** A shift as its editor holds it: the clock times as pickers' values. */
type ShiftDraft = { name?: string; start?: Dayjs; end?: Dayjs; weekdays?: number[] };

/** The plant's fields of a machine as the form edits them (the same on the maker's form and the plant's). */
export type PlantFormValues = {
  productId?: string | null;
  techniqueIds?: string[];
  diameterMin?: number | null;
  diameterMax?: number | null;
  idealRate?: number | null;
  concurrentTasks?: number | null;
  throughput?: Partial<ThroughputBand>[];
  changeover?: { diameterMinutes?: number | null; familyMinutes?: number | null; pairs?: Partial<ChangeoverPair>[] };
  shifts?: ShiftDraft[];
  daysOff?: Dayjs[];
  remark?: string | null;
};

/** What `plantInput` sends: the plant's fields, the calendar always present. */
export type PlantInput = Omit<EquipmentPlantInput, 'concurrencyStamp' | 'shiftCalendar'> & {
  shiftCalendar: ShiftCalendar;
};

const CLOCK = 'HH:mm';
const DAY = 'YYYY-MM-DD';

/** A clock time (`08:00`) as a picker's value: on an arbitrary day, only its hours and minutes count. */
export const clockValue = (time: string): Dayjs => dayjs(`2000-01-01T${time}`);

/** The form's values for a machine, or a new machine's defaults. */
export function plantFormValues(machine: Equipment | undefined): PlantFormValues {
  const calendar = machine?.shiftCalendar ?? DEFAULT_SHIFT_CALENDAR;
  return {
    productId: machine?.productId ?? null,
    techniqueIds: machine?.techniqueIds ?? [],
    diameterMin: machine?.diameterMin ?? null,
    diameterMax: machine?.diameterMax ?? null,
    idealRate: machine?.idealRate ?? null,
    concurrentTasks: machine?.concurrentTasks ?? 1,
    throughput: machine?.throughput ?? [],
    changeover: machine?.changeover ?? DEFAULT_CHANGEOVER_MATRIX,
    shifts: calendar.shifts.map((shift) => ({
      name: shift.name,
      start: clockValue(shift.start),
      end: clockValue(shift.end),
      weekdays: [...shift.weekdays],
    })),
    daysOff: calendar.daysOff.map((day) => dayjs(day)),
    remark: machine?.remark ?? null,
  };
}

/**
 * The plant's fields as the API takes them. Incomplete rows are sent as they are, so the server's
 * checks name what is missing; empty numbers are null, days off sorted and without repeats.
 */
export function plantInput(values: PlantFormValues): PlantInput {
  const daysOff = [...new Set((values.daysOff ?? []).map((day) => day.format(DAY)))].sort();
  return {
    productId: values.productId ?? null,
    techniqueIds: values.techniqueIds ?? [],
    diameterMin: values.diameterMin ?? null,
    diameterMax: values.diameterMax ?? null,
    idealRate: values.idealRate ?? null,
    concurrentTasks: values.concurrentTasks ?? 1,
    throughput: (values.throughput ?? []) as ThroughputBand[],
    changeover: {
      diameterMinutes: values.changeover?.diameterMinutes ?? DEFAULT_CHANGEOVER_MATRIX.diameterMinutes,
      familyMinutes: values.changeover?.familyMinutes ?? DEFAULT_CHANGEOVER_MATRIX.familyMinutes,
      pairs: (values.changeover?.pairs ?? []) as ChangeoverPair[],
    },
    shiftCalendar: {
      shifts: (values.shifts ?? []).map((shift) => ({
        name: shift.name?.trim() ?? '',
        start: shift.start?.format(CLOCK) ?? '',
        end: shift.end?.format(CLOCK) ?? '',
        weekdays: [...(shift.weekdays ?? [])].sort((a, b) => a - b),
      })),
      daysOff,
    },
    remark: values.remark?.trim() || null,
  };
}
