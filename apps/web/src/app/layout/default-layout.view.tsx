import { useEffect, useState } from 'react';
import { Flex, Layout, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { reloadMenus } from '../../lib/account.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/use-session.ts';
import { useFeedback } from '../../components/feedback.tsx';
import { LanguageSwitch, ThemeSwitch } from '../../components/preference-switches.tsx';
import { AppBreadcrumb, useDocumentTitle } from './app-breadcrumb.tsx';
import { DemoPasswordBanner } from './demo-password-banner.tsx';
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

export function DefaultLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const [collapsed, setCollapsed] = useState(false);
  useMenusInLocale(session?.menusLocale);
  const menus = session?.menus ?? [];
  useDocumentTitle(menus);
  useTokenRefresh();
  return (
    <Layout style={{ minHeight: '100vh' }}>
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
          overflow: 'auto',
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Flex align="center" justify="center" style={{ height: 56 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="app-name">
            {collapsed ? t('app.shortName') : t('app.name')}
          </Typography.Title>
        </Flex>
        <SideMenu menus={menus} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 16,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={16}>
            <AppBreadcrumb menus={menus} />
            <Space size="small">
              <ProductSwitch client={session?.client} product={session?.product} />
              <LanguageSwitch />
              <ThemeSwitch />
              <UserMenu name={session?.user?.name ?? ''} />
            </Space>
          </Flex>
        </Layout.Header>
        {session?.user?.usesDemoPassword && <DemoPasswordBanner />}
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
