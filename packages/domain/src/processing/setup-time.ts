import { changeoverMinutesBetween, type SetupState } from '../equipment/index.ts';
import type { ScheduleJob, ScheduleMachine } from './schedule.schema.ts';

/** What a job needs its machine set up for. */
export const setupOf = (job: Pick<ScheduleJob, 'diameter' | 'family'>): SetupState => ({
  diameter: job.diameter,
  family: job.family,
});

/** What the machine is set up for when the horizon starts (null: unknown, no changeover charged). */
export const initialSetup = (machine: ScheduleMachine): SetupState | null =>
  machine.setUpDiameter === null ? null : { diameter: machine.setUpDiameter, family: null };

/** The changeover in milliseconds on `machine` from work set up as `from` to a job needing `to`. */
export const changeoverMs = (machine: ScheduleMachine, from: SetupState | null, to: SetupState): number =>
  Math.round(changeoverMinutesBetween(machine.changeover, from, to) * 60_000);
