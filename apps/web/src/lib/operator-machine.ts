/**
 * Where the operator's machine is remembered: per user, in this browser. In lib/ because the operator page
 * chooses it and "my tasks" asks for that machine's queue.
 */
export const machineStorageKey = (userId: string) => `armature.operator.machine.${userId}`;

/** The remembered machine when it is still one of the line's machines, else none. */
export function rememberedMachine(
  storage: Pick<Storage, 'getItem'>,
  userId: string | undefined,
  machineIds: readonly string[],
): string | undefined {
  if (!userId) return undefined;
  const id = storage.getItem(machineStorageKey(userId));
  return id && machineIds.includes(id) ? id : undefined;
}
