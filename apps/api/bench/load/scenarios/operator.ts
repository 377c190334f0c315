import { OPERATOR_QUEUE_NEXT } from '@armature/domain';
import { between, loop, think, type VirtualUser } from './context.ts';

type Task = { id: string; status: string; repetitions: number; done: number };
type Queue = { tasks: Task[] };

/**
 * A machine operator at the operator page of their machines: every few seconds they look at a
 * machine's queue and report the bars cut since the last report (cumulative `done`), complete the
 * task once every bar is cut, start (or resume) the next dispatched one, and now and then open a
 * task's detail. With nothing queued on their machines they read the pending list and wait. Each
 * operator has machines of their own (none shared), so two operators never race for one task.
 */
export async function operator(user: VirtualUser, machineIds: readonly string[]): Promise<void> {
  await think(user, 0, 5);
  if (machineIds.length === 0) {
    // More operators than machines: the spare ones follow the line's task list.
    await loop(user, async () => {
      await user.api.get('read-list', 'task?maxResultCount=20&status=running');
      await think(user, 10, 30);
    });
    return;
  }
  let next = 0;
  await loop(user, async () => {
    const machineId = machineIds[next++ % machineIds.length]!;
    await work(user, machineId);
    await think(user, 3, 6);
  });
}

async function work(user: VirtualUser, machineId: string) {
  const { api } = user;
  const queue = await api.get<Queue>('read-list', `task/queue?equipmentId=${machineId}&next=${OPERATOR_QUEUE_NEXT}`);
  const running = queue.tasks.find((task) => task.status === 'running');
  if (running) {
    if (user.random() < 0.1) await api.get('read-detail', `task/${running.id}`);
    const done = Math.min(running.repetitions, running.done + between(user, 1, 3));
    if (done >= running.repetitions) await api.post('write-task', `task/${running.id}/complete`, {});
    else await api.post('write-task', `task/${running.id}/report`, { done });
    return;
  }
  const paused = queue.tasks.find((task) => task.status === 'paused');
  if (paused) return void (await api.post('write-task', `task/${paused.id}/resume`));
  const dispatched = queue.tasks.find((task) => task.status === 'dispatched');
  if (dispatched) return void (await api.post('write-task', `task/${dispatched.id}/start`));
  await api.get('read-list', `task?maxResultCount=20&equipmentId=${machineId}&status=pending`);
}
