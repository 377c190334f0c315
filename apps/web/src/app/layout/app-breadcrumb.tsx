import { useEffect } from 'react';
import { Breadcrumb, type BreadcrumbProps } from 'antd';
import './layout.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { stripRouteSuffix, type SystemNode } from '@armature/domain';
import { CRUMB_NAMESPACES, crumbOf } from '../breadcrumb.ts';

/**
 * The breadcrumb: system › menu › page for the current path without its `/add`, `/update/:id`… suffix;
 * a page outside the menu names itself; nothing for an unknown path. The page links back to its list
 * from a sub-route.
 */
export function AppBreadcrumb({
  menus,
  compact = false,
}: {
  menus: readonly SystemNode[];
  /** Phones: only the last crumb, on one line (cut with an ellipsis when too long). */
  compact?: boolean;
}) {
  const { t } = useTranslation(CRUMB_NAMESPACES);
  const { pathname } = useLocation();
  const found = crumbOf(menus, pathname);
  if (!found) return null;
  if ('own' in found) return <Crumbs items={[{ key: 'own', title: t(found.own) }]} compact={compact} />;
  const crumb = found.menu;
  const onSubRoute = crumb.page !== undefined && stripRouteSuffix(pathname) !== pathname.replace(/\/+$/, '');
  const items = [
    { key: crumb.system.id, title: crumb.system.text },
    ...(crumb.menu ? [{ key: crumb.menu.id, title: crumb.menu.text }] : []),
    ...(crumb.page
      ? [
          {
            key: crumb.page.id,
            title: onSubRoute ? <Link to={crumb.page.url}>{crumb.page.text}</Link> : crumb.page.text,
          },
        ]
      : []),
  ];
  return <Crumbs items={items} compact={compact} />;
}

function Crumbs({ items, compact }: { items: BreadcrumbProps['items'] & object; compact: boolean }) {
  const shown = compact ? items.slice(-1) : items;
  return <Breadcrumb data-testid="breadcrumb" items={shown} className="armature-breadcrumb" />;
}

/** The browser tab names the current page (a menu page, profile, change password), else the app name. */
export function useDocumentTitle(menus: readonly SystemNode[]) {
  const { t } = useTranslation(CRUMB_NAMESPACES);
  const { pathname } = useLocation();
  const crumb = crumbOf(menus, pathname);
  const page = crumb && ('own' in crumb ? t(crumb.own) : crumb.menu.page?.text);
  const appName = t('app.name');
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
    return () => {
      document.title = appName;
    };
  }, [page, appName]);
}
