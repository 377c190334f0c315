import type { ReactNode } from 'react';
import { Flex, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch, ThemeSwitch } from '../../components/preference-switches.tsx';
import { Heading, SecondaryParagraph } from '../../components/plain-text.tsx';

/** The frame of the pages outside the layout: a centred panel, with language and theme at hand. */
export function AuthFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="flex-end" style={{ padding: 12 }}>
        <Space>
          <LanguageSwitch />
          <ThemeSwitch />
        </Space>
      </Flex>
      <Flex vertical align="center" style={{ padding: '24px 16px' }}>
        <Heading level={2}>{t('app.name')}</Heading>
        <SecondaryParagraph>{t('app.tagline')}</SecondaryParagraph>
        {/* Plain elements, not Layout and Card: those bring sider, tabs and skeletons the login page does not need. */}
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            boxSizing: 'border-box',
            padding: token.paddingLG,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Heading level={4}>{title}</Heading>
          {children}
        </section>
      </Flex>
    </main>
  );
}
