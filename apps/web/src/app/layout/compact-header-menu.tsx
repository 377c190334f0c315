import { useState } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, MoonOutlined, ShopOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALES, isLocale } from '@armature/domain';
import type { Selection } from '../../lib/session.ts';
import { usePreferences } from '../../components/preferences.tsx';
import { ProductChooserDialog, useScopeText } from './product-switch.tsx';
import { usePlantZoneItem } from './plant-zone.tsx';
import { DENSITY_KEY, useSignOut, useUserMenuItems } from './user-menu.tsx';

const LANGUAGE_KEY = 'language:';

/**
 * The phone header's one menu: the current client and product (opens the chooser), the
 * language, the theme, and the user's own entries — what the wide header shows side by side.
 */
export function CompactHeaderMenu({
  name,
  client,
  product,
}: {
  name: string;
  client?: Selection;
  product?: Selection;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSignOut();
  const { locale, setLocale, themeMode, setThemeMode, compact, setCompact } = usePreferences();
  const [choosing, setChoosing] = useState(false);
  const scope = useScopeText(client, product);
  const items: MenuProps['items'] = [
    {
      key: 'user',
      type: 'group',
      label: name,
      children: [
        {
          key: 'scope',
          icon: <ShopOutlined />,
          title: t('layout.product.switch'),
          label: <span data-testid="header-menu-scope">{scope}</span>,
        },
        ...usePlantZoneItem(),
      ],
    },
    { type: 'divider' },
    {
      key: 'languages',
      type: 'group',
      label: t('layout.language'),
      children: LOCALES.map((option) => ({
        key: `${LANGUAGE_KEY}${option}`,
        icon: option === locale ? <CheckOutlined /> : <span />,
        label: <span data-testid={`header-menu-language-${option}`}>{t(`languages.${option}`)}</span>,
      })),
    },
    { type: 'divider' },
    {
      key: 'theme',
      icon: themeMode === 'dark' ? <SunOutlined /> : <MoonOutlined />,
      label: (
        <span data-testid="header-menu-theme">
          {t(themeMode === 'dark' ? 'layout.theme.toLight' : 'layout.theme.toDark')}
        </span>
      ),
    },
    { type: 'divider' },
    ...useUserMenuItems(),
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const language = key.startsWith(LANGUAGE_KEY) ? key.slice(LANGUAGE_KEY.length) : undefined;
    if (isLocale(language)) void setLocale(language);
    else if (key === 'scope') setChoosing(true);
    else if (key === 'theme') setThemeMode(themeMode === 'dark' ? 'light' : 'dark');
    else if (key === DENSITY_KEY) setCompact(!compact);
    else if (key === 'logout') void logout();
    else void navigate(key);
  };
  return (
    <>
      {/* Inside the sticky header, the menu stays put while the page scrolls under it; placed in the
          document it would be re-aligned after every scroll, moving under a finger about to tap it. */}
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick }}
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      >
        <Button type="text" icon={<UserOutlined />} aria-label={t('layout.headerMenu')} data-testid="header-menu" />
      </Dropdown>
      <ProductChooserDialog open={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}
