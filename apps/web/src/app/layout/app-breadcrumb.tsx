import { useEffect } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findBreadcrumb, stripRouteSuffix, type SystemNode } from '@armature/domain';

/**
 * docs/spec.md §1.4 Breadcrumbs: system › menu › page for the current path without its `/add`, `/update/:id`… suffix;
 * the first system when nothing matches. The page links back to its list from a sub-route.
 */
export function AppBreadcrumb({ menus }: { menus: readonly SystemNode[] }) {
  const { pathname } = useLocation();
  const crumb = findBreadcrumb(menus, pathname);
  if (!crumb) return null;
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
  return <Breadcrumb data-testid="breadcrumb" items={items} />;
}

/** The browser tab names the current page; pages outside the menu keep the app name. */
export function useDocumentTitle(menus: readonly SystemNode[]) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = findBreadcrumb(menus, pathname)?.page?.text;
  const appName = t('app.name');
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
    return () => {
      document.title = appName;
    };
  }, [page, appName]);
}
