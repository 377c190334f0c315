import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '@armature/domain';
import {
  buttonsTickedWith,
  checkedKeys,
  grantChanges,
  toggleGrant,
  toPermissionTree,
  type PermissionNode,
} from './permission-grants.ts';

const tree = toPermissionTree(buildMenuTree('en-US', () => true));
const index = new Map<string, PermissionNode>();
const visit = (node: PermissionNode) => {
  index.set(node.key, node);
  node.children?.forEach(visit);
};
tree.forEach(visit);
const node = (key: string) => {
  const found = index.get(key);
  if (!found) throw new Error(`no node ${key}`);
  return found;
};

const ROLES = 'basicConfig.user.roles';
const PERSONNEL = 'basicConfig.user.personnel';

describe('permission tree', () => {
  it('groups systems and menus, and grants only pages and buttons', () => {
    expect(node('basicConfig').kind).toBe('system');
    expect(node('basicConfig.user').kind).toBe('menu');
    expect(node('basicConfig.user').grants).toEqual([
      PERSONNEL,
      ...['add', 'update', 'delete', 'export', 'resetPassword'].map((key) => `${PERSONNEL}.${key}`),
      ROLES,
      ...['add', 'update', 'delete', 'export', 'permission'].map((key) => `${ROLES}.${key}`),
    ]);
  });

  it('checking a menu grants all its pages and buttons; unchecking revokes them', () => {
    const granted = toggleGrant(new Set(), node('basicConfig.user'), true);
    expect([...granted].sort()).toEqual([...node('basicConfig.user').grants].sort());
    expect(toggleGrant(granted, node('basicConfig.user'), false).size).toBe(0);
  });

  it('granting a button grants its page; revoking the page revokes its buttons', () => {
    const granted = toggleGrant(new Set(), node(`${ROLES}.permission`), true);
    expect([...granted].sort()).toEqual([ROLES, `${ROLES}.permission`]);
    expect(toggleGrant(granted, node(`${ROLES}.permission`), false)).toEqual(new Set([ROLES]));
    expect(toggleGrant(granted, node(ROLES), false).size).toBe(0);
  });

  it('names the buttons a page or group tick brought along, not those already held nor the page itself', () => {
    const buttons = node(ROLES).children!.map((button) => button.key);
    expect(buttonsTickedWith(new Set(), node(ROLES), true)).toEqual(buttons);
    expect(buttonsTickedWith(new Set([buttons[0]!]), node(ROLES), true)).toEqual(buttons.slice(1));
    expect(buttonsTickedWith(new Set(), node(ROLES), false)).toEqual([]);
    // A button ticked by hand brought nothing along.
    expect(buttonsTickedWith(new Set(), node(buttons[0]!), true)).toEqual([]);
    expect(buttonsTickedWith(new Set(), node('basicConfig.user'), true)).toEqual(
      node('basicConfig.user').grants.filter((name) => index.get(name)?.kind === 'button'),
    );
  });

  it('shows a group checked when it holds everything below it, half checked when some', () => {
    const some = checkedKeys(tree, new Set([ROLES]));
    expect(some.checked).toEqual([ROLES]);
    expect(some.halfChecked).toEqual(['basicConfig.user', 'basicConfig']);
    const all = checkedKeys(tree, new Set(node('basicConfig.user').grants));
    expect(all.checked).toContain('basicConfig.user');
    expect(all.halfChecked).toEqual(['basicConfig']);
  });

  it('sends only what changed', () => {
    const before = new Set([PERSONNEL, `${PERSONNEL}.add`]);
    const after = new Set([PERSONNEL, ROLES]);
    expect(grantChanges(tree, before, after).permissions).toEqual([
      { name: `${PERSONNEL}.add`, isGranted: false },
      { name: ROLES, isGranted: true },
    ]);
  });
});
