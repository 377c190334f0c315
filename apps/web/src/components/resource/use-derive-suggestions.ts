import { useRef } from 'react';
import type { FormInstance } from 'antd';
import type { Resource } from '@armature/domain';
import { freshSuggestions, suggestedChanges } from './derive-suggestions.ts';

type Values = Record<string, unknown>;

/**
 * Keeps a form's derived fields in step with the fields they come from (a rebar's unit weight from its
 * diameter), as an `onValuesChange` handler. The rule is deliberately simple: after any edit, each
 * derived field the user has not set since the last suggestion (empty, or still the suggested value)
 * takes the new suggestion; one the user typed is left alone. Editing a derived field itself never
 * re-derives, so clearing it does not refill it at once.
 */
export function useDeriveSuggestions(
  resource: Resource,
  form: FormInstance,
  editable: ReadonlySet<string>,
  initial: Values,
) {
  // What was suggested last; for a loaded record, what its own values would suggest.
  const previous = useRef<Values | undefined>(undefined);
  const { derive } = resource;
  return (changed: Values, values: Values) => {
    if (!derive) return;
    const last = (previous.current ??= freshSuggestions(derive, initial));
    if (Object.keys(changed).every((name) => name in last)) return;
    const changes = suggestedChanges(derive, values, last, editable);
    form.setFieldsValue(changes);
    previous.current = freshSuggestions(derive, { ...values, ...changes });
  };
}
