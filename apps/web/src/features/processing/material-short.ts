import type { TaskMaterial } from '@armature/domain';

/** Work about to be released or dispatched: a task, or a schedule's job before it has one. */
export type MaterialWork = { code: string; material: TaskMaterial | null };

/** The work whose bars are missing (material known and not ok), in the order given. */
export function shortOfMaterial<W extends MaterialWork>(work: readonly W[]): W[] {
  return work.filter((each) => each.material !== null && !each.material.ok);
}
