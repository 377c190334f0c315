import { z } from 'zod';
import type { Locale } from './locales.ts';
import { VALIDATION_MESSAGES, validationMessage, type ValidationMessageKey } from './validation-messages.ts';

/**
 * Zod reports issues as language-neutral message keys (`required`, `minLength:3`); they are
 * translated where the caller's language is known: the API's error handler and the web forms.
 * Schemas may pass a key of VALIDATION_MESSAGES as their own message (`.regex(re, 'userName')`).
 */
type RawIssue = z.core.$ZodRawIssue;

function lengthOrigin(origin: unknown): 'text' | 'number' | 'items' {
  if (origin === 'string') return 'text';
  if (origin === 'array' || origin === 'set') return 'items';
  return 'number';
}

export function issueMessageKey(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'required';
      return issue.expected === 'int' ? 'integer' : 'invalid';
    case 'too_small': {
      const kind = lengthOrigin(issue.origin);
      const minimum = Number(issue.minimum);
      if (kind === 'text') return minimum <= 1 ? 'required' : `minLength:${minimum}`;
      if (kind === 'items') return `minItems:${minimum}`;
      return `min:${minimum}`;
    }
    case 'too_big': {
      const kind = lengthOrigin(issue.origin);
      const maximum = Number(issue.maximum);
      return kind === 'text' ? `maxLength:${maximum}` : `max:${maximum}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

z.config({ customError: (issue) => issueMessageKey(issue) });

function isMessageKey(name: string): name is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, name);
}

/** Translates a message key produced above; text that is not a key is returned unchanged. */
export function localizeValidationMessage(message: string, locale: Locale): string {
  const [name = '', ...params] = message.split(':');
  return isMessageKey(name) ? validationMessage(name, locale, ...params) : message;
}

/** Field path → localized messages, the `details` of a 400 answer. Root-level issues use the key `_`. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): Record<string, string[]> {
  // A Map, not an object literal: a field named `constructor` or `__proto__` must not meet Object's own.
  const details = new Map<string, string[]>();
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length ? path.map(String).join('.') : '_';
    details.set(key, [...(details.get(key) ?? []), localizeValidationMessage(message, locale)]);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], 'unknownField');
    } else {
      add(issue.path, issue.message);
    }
  }
  return Object.fromEntries(details);
}
