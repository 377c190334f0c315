import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { SystemNode } from '@armature/domain';
import { menuCrumbOf } from '../breadcrumb.ts';
import { visibleMenus } from '../visible-menus.ts';
import { MenuIcon } from './menu-icon.tsx';

type Item = Required<MenuProps>['items'][number];

/** Systems → menus → pages in sort order; a page's key is its url. */
function menuItems(systems: readonly SystemNode[]): Item[] {
  return systems.map((system) => ({
    key: system.id,
    icon: <MenuIcon name={system.icon} />,
    label: <span title={system.text}>{system.text}</span>,
    children: system.menues.map((menu) => ({
      key: menu.id,
      icon: <MenuIcon name={menu.icon} />,
      label: <span title={menu.text}>{menu.text}</span>,
      children: menu.pages.map((page) => ({
        key: page.url,
        icon: <MenuIcon name={page.icon} />,
        // A label too long for the menu is cut with an ellipsis: hovering shows it whole.
        label: <span title={page.text}>{page.text}</span>,
        'data-testid': `menu-page-${page.id}`,
      })),
    })),
  }));
}

export function SideMenu({ menus }: { menus: readonly SystemNode[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => visibleMenus(menus), [menus]);
  // A page outside the menu (profile) opens no group.
  const crumb = menuCrumbOf(visible, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // The groups of the current page open as the user arrives on it, keeping the ones opened by hand
  // (state adjusted while rendering, as React advises for state that follows a prop).
  const current = [crumb?.system.id, crumb?.menu?.id].filter((key) => key !== undefined);
  const [openedFor, setOpenedFor] = useState<string>();
  if (openedFor !== current.join()) {
    setOpenedFor(current.join());
    setOpenKeys((open) => [...new Set([...open, ...current])]);
  }

  return (
    <Menu
      data-testid="side-menu"
      mode="inline"
      items={menuItems(visible)}
      selectedKeys={crumb?.page ? [crumb.page.url] : []}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => void navigate(key)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
