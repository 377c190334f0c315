import fp from 'fastify-plugin';
import { hasControlCharacters } from '@armature/domain';
import { invalidFields } from './app-error.ts';

const MAX_DEPTH = 32;

/** Paths (`lines.0.name`, `filter`) of every string under `value` holding a control character. */
function pathsWithControlCharacters(value: unknown, path: string[], found: string[], depth = 0): void {
  if (typeof value === 'string') {
    if (hasControlCharacters(value)) found.push(path.length ? path.join('.') : '_');
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  for (const [key, item] of Object.entries(value)) {
    const keyPath = [...path, key];
    if (hasControlCharacters(key)) found.push(keyPath.join('.'));
    pathsWithControlCharacters(item, keyPath, found, depth + 1);
  }
}

/**
 * The one rule on text (`CONTROL_CHARACTERS` of the domain): no string of a body, query or path
 * holds NUL or another control character (tab and line breaks aside). Checked before validation, so
 * every route answers 400 `validation_failed` naming the field, and nothing reaches the database
 * (PostgreSQL refuses NUL in text).
 */
export const inputPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const found: string[] = [];
    pathsWithControlCharacters(request.params, [], found);
    pathsWithControlCharacters(request.query, [], found);
    pathsWithControlCharacters(request.body, [], found);
    if (found.length) throw invalidFields(Object.fromEntries(found.map((path) => [path, ['controlCharacters']])));
  });
});
