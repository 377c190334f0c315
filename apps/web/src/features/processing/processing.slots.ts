import type { Task } from '@armature/domain';

// The task screens' places for what another feature shows of a task (quality fills them).
declare module '../../components/feature-slots.tsx' {
  interface SlotProps {
    /** Task detail: the task's inspection records. */
    taskInspections: { taskId: string };
    /** Operator's phone, in a task's card: the sample due now. */
    operatorInspection: { task: Task };
  }
}
