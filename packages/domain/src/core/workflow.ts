/**
 * A document's workflow (docs/architecture.md, "Workflows"): from each status, the actions allowed
 * there and the status each leads to. Every record with a life — demand orders, cutting plans, daily
 * schedules, tasks — declares its table once and gets the two questions the API and screens ask.
 */
export type Transitions<S extends string, A extends string> = Readonly<Record<S, Partial<Record<A, S>>>>;

export function workflow<S extends string, A extends string>(transitions: Transitions<S, A>) {
  return {
    /** The status `action` moves a record in `from` to, or null when the action is not allowed there. */
    next: (from: S, action: A): S | null => transitions[from][action] ?? null,
    /** The actions allowed in a status (screens show only these buttons). */
    actionsIn: (status: S): A[] => Object.keys(transitions[status]) as A[],
  };
}
