import { describe, expect, it } from 'vitest';
import pinned from './catalogue.fixture.json' with { type: 'json' };
import { ERRORS, MENU_DEFINITION, PERMISSIONS } from './index.ts';

// The fixture is the catalogue as it stood before the areas were sliced out of it: systems, menus,
// pages, labels, icons, buttons and sub-routes in their order, every error code, every permission.
// Reassembling the catalogue from the areas must not change a thing the API or the screens see.
describe('the assembled catalogue', () => {
  it('builds the menu definition the areas were cut from, in the same order', () => {
    expect(MENU_DEFINITION).toEqual(pinned.menu);
  });

  it('keeps every error code with its status and messages', () => {
    expect(ERRORS).toEqual(pinned.errors);
  });

  it('lists the same permissions in the same order', () => {
    expect(PERMISSIONS).toEqual(pinned.permissions);
  });
});
