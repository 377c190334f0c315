import { brokenRules, localizeValidationMessage, type Locale, type Resource } from '@armature/domain';

/**
 * The resource's rules over several fields (a lower tolerance above the upper one…) as form field
 * errors, run on submit the way the server runs them.
 */
export function crossFieldErrors(
  resource: Resource,
  values: Record<string, unknown>,
  locale: Locale,
): { name: string; errors: string[] }[] {
  return Object.entries(brokenRules(resource, values)).map(([name, message]) => ({
    name,
    errors: [localizeValidationMessage(message, locale)],
  }));
}
