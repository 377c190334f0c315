import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHANGE_PASSWORD_PATH } from '../navigation.ts';

/** Stays while the account still signs in with the published demo password. */
export function DemoPasswordBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      banner
      type="warning"
      data-testid="demo-password-banner"
      title={t('layout.demoPassword.message')}
      action={
        <Link to={CHANGE_PASSWORD_PATH} data-testid="demo-password-change">
          {t('layout.demoPassword.action')}
        </Link>
      }
    />
  );
}
