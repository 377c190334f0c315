import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** What happened after an auth form was sent, and the way back to login. */
export function AuthDone({
  status = 'success',
  title,
  description,
  extra,
}: {
  status?: 'success' | 'info';
  title: ReactNode;
  description: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Result
      data-testid="auth-done"
      status={status}
      title={title}
      subTitle={description}
      extra={[
        extra,
        <Button key="login" type="primary" onClick={() => void navigate('/auth/login')} data-testid="back-to-login">
          {t('backToLogin')}
        </Button>,
      ]}
    />
  );
}
