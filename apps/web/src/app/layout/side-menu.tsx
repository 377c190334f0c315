import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { findBreadcrumb, type SystemNode } from '@armature/domain';
import { visibleMenus } from '../visible-menus.ts';
import { MenuIcon } from './menu-icon.tsx';

type Item = Required<MenuProps>['items'][number];

/** Systems → menus → pages in sort order; a page's key is its url. */
function menuItems(systems: readonly SystemNode[]): Item[] {
  return systems.map((system) => ({
    key: system.id,
    icon: <MenuIcon name={system.icon} />,
    label: system.text,
    children: system.menues.map((menu) => ({
      key: menu.id,
      icon: <MenuIcon name={menu.icon} />,
      label: menu.text,
      children: menu.pages.map((page) => ({
        key: page.url,
        icon: <MenuIcon name={page.icon} />,
        label: page.text,
        'data-testid': `menu-page-${page.id}`,
      })),
    })),
  }));
}

export function SideMenu({ menus }: { menus: readonly SystemNode[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visible = useMemo(() => visibleMenus(menus), [menus]);
  const crumb = findBreadcrumb(visible, pathname);
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
