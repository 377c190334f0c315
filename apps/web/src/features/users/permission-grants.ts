import type { PermissionUpdate, SystemNode } from '@armature/domain';

/**
 * The permission catalogue as a checkbox tree. Only pages and buttons are grantable; systems and menus
 * are groups whose box shows whether all, some or none of the grants below them are held.
 */
export type PermissionNode = {
  key: string;
  title: string;
  kind: 'system' | 'menu' | 'page' | 'button';
  /** The page and button names at or below this node. */
  grants: string[];
  /** Set on buttons: their page, granted with them. */
  page?: string;
  children?: PermissionNode[];
};

export function toPermissionTree(systems: readonly SystemNode[]): PermissionNode[] {
  const group = (
    node: { id: string; text: string },
    kind: 'system' | 'menu',
    children: PermissionNode[],
  ): PermissionNode => ({
    key: node.id,
    title: node.text,
    kind,
    grants: children.flatMap((child) => child.grants),
    children,
  });
  return systems.map((system) =>
    group(
      system,
      'system',
      system.menues.map((menu) =>
        group(
          menu,
          'menu',
          menu.pages.map((page) => {
            const buttons: PermissionNode[] = page.buttons.map((button) => ({
              key: button.id,
              title: button.text,
              kind: 'button',
              grants: [button.id],
              page: page.id,
            }));
            return {
              key: page.id,
              title: page.text,
              kind: 'page',
              grants: [page.id, ...buttons.map((button) => button.key)],
              children: buttons,
            };
          }),
        ),
      ),
    ),
  );
}

/**
 * Grants after (un)checking `node`. Checking a group or a page grants everything below it; checking a
 * button also grants its page, since a button is useless on a page one cannot open. Unchecking a page
 * revokes its buttons for the same reason; unchecking a button leaves the page.
 */
export function toggleGrant(granted: ReadonlySet<string>, node: PermissionNode, checked: boolean): Set<string> {
  const next = new Set(granted);
  for (const name of node.grants) {
    if (checked) next.add(name);
    else next.delete(name);
  }
  if (checked && node.page) next.add(node.page);
  return next;
}

/**
 * The buttons that checking a page or a group grants along with it (not those already held): the tree
 * says so, since a page's buttons ticking themselves would otherwise pass unnoticed.
 */
export function buttonsTickedWith(granted: ReadonlySet<string>, node: PermissionNode, checked: boolean): string[] {
  if (!checked || node.kind === 'button') return [];
  const buttons: string[] = [];
  const visit = (each: PermissionNode) => {
    if (each.kind === 'button' && !granted.has(each.key)) buttons.push(each.key);
    each.children?.forEach(visit);
  };
  visit(node);
  return buttons;
}

/**
 * Antd's strict `checkedKeys` of the group and page rows (buttons are checkboxes of their own): a granted
 * page is checked; a group is checked when it holds all below it, half checked when some.
 */
export function checkedKeys(tree: readonly PermissionNode[], granted: ReadonlySet<string>) {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: PermissionNode) => {
    if (node.kind === 'page') {
      if (granted.has(node.key)) checked.push(node.key);
      return;
    }
    node.children?.forEach(visit);
    const held = node.grants.filter((name) => granted.has(name)).length;
    if (held > 0 && held === node.grants.length) checked.push(node.key);
    else if (held > 0) halfChecked.push(node.key);
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

/** The PUT body: only what changed, for the grantable names of the catalogue. */
export function grantChanges(
  tree: readonly PermissionNode[],
  before: ReadonlySet<string>,
  after: ReadonlySet<string>,
): PermissionUpdate {
  const names = tree.flatMap((node) => node.grants);
  return {
    permissions: names
      .filter((name) => before.has(name) !== after.has(name))
      .map((name) => ({ name, isGranted: after.has(name) })),
  };
}
