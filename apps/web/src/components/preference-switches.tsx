import { Segmented, Switch } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@armature/domain/locales';
import { usePreferences } from './preferences.tsx';

/** Each language is named in itself: 简体中文 / English / Français (a segmented control keeps the login page light). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale, setLocale } = usePreferences();
  return (
    <Segmented<Locale>
      size="small"
      data-testid="language-switch"
      aria-label={t('layout.language')}
      value={locale}
      options={LOCALES.map((option) => ({
        value: option,
        label: <span data-testid={`language-option-${option}`}>{t(`languages.${option}`)}</span>,
      }))}
      onChange={(next) => void setLocale(next)}
    />
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { themeMode, setThemeMode } = usePreferences();
  return (
    <Switch
      data-testid="theme-switch"
      aria-label={t('layout.theme.toggle')}
      title={t(themeMode === 'dark' ? 'layout.theme.dark' : 'layout.theme.light')}
      checked={themeMode === 'dark'}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
      onChange={(dark) => setThemeMode(dark ? 'dark' : 'light')}
    />
  );
}
