import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { buildMenuTree } from '../menu/menu-tree.ts';
import { menuTreeSchema } from './menu.schema.ts';

describe('menu tree schema', () => {
  it.each(LOCALES)('accepts the whole tree in %s without dropping anything', (locale) => {
    const tree = buildMenuTree(locale, () => true);
    expect(menuTreeSchema.parse(tree)).toEqual(tree);
  });
});
