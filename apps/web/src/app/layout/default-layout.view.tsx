import { Suspense, useEffect, useState } from 'react';
import { Button, Drawer, Flex, Grid, Layout, Space, Typography, theme } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { reloadMenus } from '../../lib/account.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/use-session.ts';
import { useFeedback } from '../../components/feedback.tsx';
import { InboxIndicators } from '../../features/inbox/index.ts';
import { LanguageSwitch, ThemeSwitch } from '../../components/preference-switches.tsx';
import { AppBreadcrumb, useDocumentTitle } from './app-breadcrumb.tsx';
import { CompactHeaderMenu } from './compact-header-menu.tsx';
import { DemoPasswordBanner } from './demo-password-banner.tsx';
import { PlantZone } from './plant-zone.tsx';
import { ProductSwitch } from './product-switch.tsx';
import { SideMenu } from './side-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { useTokenRefresh } from './use-token-refresh.ts';

/** The server writes the menu texts in the request's language: a language switch fetches them again. */
function useMenusInLocale(menusLocale: string | undefined) {
  const locale = useLocale();
  const { notify } = useFeedback();
  useEffect(() => {
    if (menusLocale && menusLocale !== locale)
      reloadMenus().catch((error: unknown) => notify.error(errorMessage(error)));
  }, [locale, menusLocale, notify]);
}

/** The menu drawer of a phone closes as soon as the user arrives on another page. */
function useDrawer() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string>();
  return { open: openOn === pathname, show: () => setOpenOn(pathname), hide: () => setOpenOn(undefined) };
}

/**
 * The shell: side menu, header (breadcrumb; scope, language, theme, user) and the page. Below antd's `md`
 * breakpoint (768 px, phones) the menu is a drawer opened from the header and the header's controls
 * fold into one menu, so a 390 px screen never scrolls sideways.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const [collapsed, setCollapsed] = useState(false);
  // Unknown until antd has measured the window (the first render): the wide layout then.
  const phone = Grid.useBreakpoint().md === false;
  const drawer = useDrawer();
  useMenusInLocale(session?.menusLocale);
  const menus = session?.menus ?? [];
  useDocumentTitle(menus);
  useTokenRefresh();
  const appName = (
    <Typography.Title level={4} style={{ margin: 0 }} data-testid="app-name">
      {collapsed && !phone ? t('app.shortName') : t('app.name')}
    </Typography.Title>
  );
  const name = session?.user?.name ?? '';
  // One tree for both widths, so crossing the breakpoint (turning a tablet) never remounts the page.
  return (
    <Layout style={{ minHeight: '100vh' }} hasSider={!phone}>
      {!phone && (
        <Layout.Sider
          theme="light"
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          width={256}
          // Sticky, so the menu stays in view while a long page scrolls.
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex vertical style={{ height: '100%' }}>
            <Flex align="center" justify="center" style={{ height: 56, flex: 'none' }}>
              {appName}
            </Flex>
            {/* The menu scrolls on its own, above the collapse trigger, which would otherwise cover its last entries. */}
            <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
              <SideMenu menus={menus} />
            </div>
          </Flex>
        </Layout.Sider>
      )}
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page. */}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: phone ? 8 : 16,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            // On a phone the header (and its menu button) stays at hand while the page scrolls.
            ...(phone && { position: 'sticky', top: 0, zIndex: token.zIndexBase + 10 }),
          }}
        >
          <Flex align="center" style={{ height: '100%' }} gap={phone ? 4 : 16}>
            {phone && (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('layout.menu')}
                data-testid="menu-drawer-open"
                onClick={drawer.show}
              />
            )}
            <div style={{ flex: 1, minWidth: 0 }}>
              <AppBreadcrumb menus={menus} compact={phone} />
            </div>
            <Suspense fallback={null}>
              <InboxIndicators />
            </Suspense>
            {phone ? (
              <CompactHeaderMenu name={name} client={session?.client} product={session?.product} />
            ) : (
              <Space size="small">
                <ProductSwitch client={session?.client} product={session?.product} />
                <PlantZone />
                <LanguageSwitch />
                <ThemeSwitch />
                <UserMenu name={name} />
              </Space>
            )}
          </Flex>
        </Layout.Header>
        {session?.user?.usesDemoPassword && <DemoPasswordBanner />}
        <Layout.Content style={{ padding: phone ? 8 : 16, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      {phone && (
        <Drawer
          data-testid="menu-drawer"
          placement="left"
          size="min(300px, 85vw)"
          title={appName}
          open={drawer.open}
          onClose={drawer.hide}
          styles={{ body: { padding: 0 } }}
        >
          <SideMenu menus={menus} />
        </Drawer>
      )}
    </Layout>
  );
}
