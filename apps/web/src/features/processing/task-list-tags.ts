import type { TagSelection } from '@armature/domain';

/** The task list's filters that name a set of tags. */
type TaskFilters = { equipmentId?: string; day?: string; shift?: string };

/** What the tags menu of the task list prints, named for its label. */
export type TaskListTags = { kind: 'machine' | 'shift' | 'machineShift'; selection: TagSelection };

/**
 * The tags the task list's filter names, if any: a plant day and a shift give the bundles made in that
 * shift (on the filtered machine only, when one is), a machine alone gives its bundles still in the
 * plant; anything else (a day without a shift, no filter) names none.
 */
export function tagsOfTaskFilter({ equipmentId, day, shift }: TaskFilters): TaskListTags | null {
  const name = shift?.trim();
  if (day && name)
    return equipmentId
      ? { kind: 'machineShift', selection: { day, shift: name, machineId: equipmentId } }
      : { kind: 'shift', selection: { day, shift: name } };
  if (equipmentId && !day && !name) return { kind: 'machine', selection: { machineId: equipmentId } };
  return null;
}
