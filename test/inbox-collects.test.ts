import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaNames, namingAnArea, root, sourcesIn } from './helpers/domain-area-names.ts';

// Every area's events reach the inbox, so the inbox must know none of them (docs/architecture.md,
// "The house"): each area declares its notification kinds and their audiences, the domain's catalogue
// assembles them and builds the inbox's contracts over them, and the areas call the inbox's `notify`.
const INBOX = ['packages/domain/src/inbox', 'apps/api/src/modules/inbox', 'apps/web/src/features/inbox'];

/** What the inbox names although another area owns it, and why: the maker's staff (users' admin role) are told only of what they started. */
const KNOWN: Record<string, string[]> = { 'apps/api/src/modules/inbox/notify.ts': ['ADMIN_ROLE'] };

/** `file: names` for each inbox file naming another area, by a relative import or a name from the domain. */
function otherAreasNamed(): Record<string, string[]> {
  const owners = areaNames();
  return Object.fromEntries(
    INBOX.flatMap((dir) => {
      const files = sourcesIn(`${root}${dir}`);
      const byName = namingAnArea(`${root}${dir}`, files);
      return files.flatMap((file) => {
        const imports = [...readFileSync(`${root}${dir}/${file}`, 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)];
        const folders = imports
          .map(([, path]) => path as string)
          .filter((path) => !/^(\.\.\/)+(core|components|lib|locales)\//.test(path));
        const names = (byName[file] ?? []).filter((name) => owners.get(name) !== 'inbox');
        const named = [...folders, ...names].sort();
        return named.length ? [[`${dir}/${file}`, named]] : [];
      });
    }),
  );
}

describe('the inbox', () => {
  it('names no other area beyond the known ones (each area registers its notification kinds)', () => {
    expect(otherAreasNamed()).toEqual(KNOWN);
  });
});
