import { describe, expect, it } from 'vitest';
import { LOCALES } from '@armature/domain';
import resourceTypes from '../lib/i18n-resources.ts?raw';

// The same files the app loads (lib/i18n.ts), so a namespace any feature adds is covered.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

type Tree = { [key: string]: unknown };

/** Dotted key → value of every leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value as Tree, path)) leaves.set(leaf, leafValue);
    } else leaves.set(path, value);
  }
  return leaves;
}

const byNamespace = new Map<string, Map<string, Map<string, unknown>>>();
for (const [path, tree] of Object.entries(files)) {
  const [, language = '', file = ''] = path.split('/');
  const namespace = file.replace(/\.json$/, '');
  if (!byNamespace.has(namespace)) byNamespace.set(namespace, new Map());
  byNamespace.get(namespace)!.set(language, flatten(tree));
}

describe('locales', () => {
  it('has only the interface languages, and at least the common namespace', () => {
    const languages = new Set(Object.keys(files).map((path) => path.split('/')[1]));
    expect([...languages].sort()).toEqual([...LOCALES].sort());
    expect(byNamespace.has('common')).toBe(true);
  });

  it('types every namespace from its zh-CN file, so a t() of a missing key fails the type check', () => {
    const typed = [...resourceTypes.matchAll(/^ {2}(\w+): typeof (\w+);$/gm)].map(([, ns, file]) => {
      expect(resourceTypes).toContain(`import type ${file} from '../locales/zh-CN/${ns}.json';`);
      return ns;
    });
    expect(typed.sort()).toEqual([...byNamespace.keys()].sort());
  });

  describe.each([...byNamespace.keys()])('namespace %s', (namespace) => {
    const languages = byNamespace.get(namespace)!;

    it.each([...LOCALES])('exists in %s', (locale) => {
      expect(languages.has(locale)).toBe(true);
    });

    it.each([...LOCALES])('has the same keys in %s as in zh-CN', (locale) => {
      const reference = [...(languages.get('zh-CN')?.keys() ?? [])].sort();
      expect([...(languages.get(locale)?.keys() ?? [])].sort()).toEqual(reference);
    });

    it.each([...LOCALES])('has no empty text in %s', (locale) => {
      const empty = [...(languages.get(locale) ?? new Map<string, unknown>())]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });
  });
});
