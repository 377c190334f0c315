import type { Equipment } from '../equipment/index.ts';
import type { DailyPlanDetail } from './daily-plan.schema.ts';
import { moveJob, type JobMove } from './move-job.ts';
import { scheduleInputSchema, type ScheduleInput, type ScheduleSlot } from './schedule.schema.ts';

/** What the board needs of a machine to lay a job on it: the plant's fields of its equipment record. */
export type BoardMachine = Pick<
  Equipment,
  | 'id'
  | 'name'
  | 'techniqueIds'
  | 'diameterMin'
  | 'diameterMax'
  | 'idealRate'
  | 'throughput'
  | 'shiftCalendar'
  | 'changeover'
>;

/**
 * The scheduling input of a stored daily schedule as the board can rebuild it — its horizon, jobs and
 * orders from the detail, its machines from the plant's equipment records — so that a drop is previewed
 * with `moveJob` before the server answers. Null when a machine of the schedule is not among `machines`
 * (a user who may not read the equipment list): the board then waits for the server.
 */
export function boardScheduleInput(detail: DailyPlanDetail, machines: readonly BoardMachine[]): ScheduleInput | null {
  const byId = new Map(machines.map((machine) => [machine.id, machine]));
  const own = detail.machines.map((machine) => byId.get(machine.id));
  if (own.some((machine) => machine === undefined)) return null;
  const parsed = scheduleInputSchema.safeParse({
    horizon: { firstDay: detail.firstDay, days: detail.days, timeZone: detail.timeZone },
    machines: own.map((machine) => ({
      id: machine!.id,
      name: machine!.name,
      techniqueIds: machine!.techniqueIds,
      diameterMin: machine!.diameterMin,
      diameterMax: machine!.diameterMax,
      idealRate: machine!.idealRate,
      throughput: machine!.throughput,
      shiftCalendar: machine!.shiftCalendar,
      changeover: machine!.changeover,
    })),
    jobs: detail.jobs,
    orders: detail.orders.map((order) => ({
      id: order.id,
      code: order.code,
      dueDate: order.dueDate,
      lineDueDates: order.lineDueDates,
    })),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The slots the board shows while a drop is on its way to the server: `moveJob`'s answer when the input
 * is known, the stored slots otherwise. `refused` when the domain says the drop cannot be (an unsuitable
 * machine, past the horizon): the board then sends nothing.
 */
export function previewMove(
  input: ScheduleInput | null,
  slots: readonly ScheduleSlot[],
  move: JobMove,
): { slots: ScheduleSlot[]; refused: boolean } {
  if (input === null) return { slots: [...slots], refused: false };
  const moved = moveJob(input, slots, move);
  return moved === null ? { slots: [...slots], refused: true } : { slots: moved, refused: false };
}
