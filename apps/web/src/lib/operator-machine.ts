import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { TASK_ENDPOINTS } from '@armature/domain';
import { api } from './api-client.ts';

/**
 * The machine the operator works, kept by the server per user and line (any device they sign in on
 * opens its queue). In lib/ because the operator page chooses it and "my tasks" lists its queue.
 */
export const OPERATOR_MACHINE_KEY = ['task', 'my-machine'] as const;

export const operatorMachineQuery = () =>
  queryOptions({
    queryKey: OPERATOR_MACHINE_KEY,
    queryFn: ({ signal }) => api.call(TASK_ENDPOINTS.myMachine, { params: {}, signal }),
  });

export const chooseOperatorMachine = () =>
  mutationOptions({
    mutationFn: (equipmentId: string) => api.call(TASK_ENDPOINTS.chooseMachine, { params: {}, body: { equipmentId } }),
  });
