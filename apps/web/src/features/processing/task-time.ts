import type { Namespace, TFunction } from 'i18next';
import type { Task } from '@armature/domain';
import { formatDuration } from '../../lib/plant-time.ts';

/** How long a task is planned to take, in words: a start and an end in one minute still read as a span. */
export const plannedDuration = <Ns extends Namespace>(
  task: Pick<Task, 'plannedStart' | 'plannedEnd'>,
  t: TFunction<Ns>,
) => formatDuration(Date.parse(task.plannedEnd) - Date.parse(task.plannedStart), t);
