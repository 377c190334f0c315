import type { ResourceDefinition } from '@armature/domain';

type Derive = NonNullable<ResourceDefinition['derive']>;
type Values = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * What `derive` suggests for `values`, computed afresh: the fields it fills are blanked first, because
 * a derive keeps a value already given (a rebar's unit weight) and would otherwise echo a stale one.
 */
export function freshSuggestions(derive: Derive, values: Values): Values {
  const filled = Object.keys(derive(values));
  return derive({ ...values, ...Object.fromEntries(filled.map((name) => [name, undefined])) });
}

/**
 * The form changes after an edit: every suggestion for an editable field that the user has not set
 * themselves since the last suggestion — it is empty or still holds what was suggested then. A value
 * the user typed is never overwritten (a rebar's measured unit weight survives a diameter change).
 */
export function suggestedChanges(
  derive: Derive,
  values: Values,
  previous: Values,
  editable: ReadonlySet<string>,
): Values {
  return Object.fromEntries(
    Object.entries(freshSuggestions(derive, values)).filter(
      ([name, suggestion]) =>
        editable.has(name) &&
        values[name] !== suggestion &&
        (isBlank(values[name]) || Object.is(values[name], previous[name])),
    ),
  );
}
