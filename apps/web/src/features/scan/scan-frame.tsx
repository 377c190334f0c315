import type { ReactNode } from 'react';
import { Flex, Space, Typography, theme } from 'antd';
import { LanguageSwitch, ThemeSwitch } from '../../components/preference-switches.tsx';

/** The public pages' frame (a tag's, a drop's): phone-first, one column, language and theme at hand, no sign-in. */
export function ScanFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ padding: 12 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Space>
          <LanguageSwitch />
          <ThemeSwitch />
        </Space>
      </Flex>
      <Flex vertical align="center" style={{ padding: '0 12px 24px' }}>
        <section
          style={{
            width: '100%',
            maxWidth: 560,
            boxSizing: 'border-box',
            padding: token.padding,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          {children}
        </section>
      </Flex>
    </main>
  );
}
