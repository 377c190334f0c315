import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Button, Modal, Typography } from 'antd';
import { formatDateTime } from '../../components/resource/date-time.ts';

const RESET_PATH = '/auth/reset';

export type IssuedToken = { userName: string; token: string; expiresAt: string };

/** Shows a password-reset token once: the server keeps only its hash, so it cannot be shown again. */
export function ResetTokenModal({ issued, onClose }: { issued: IssuedToken | undefined; onClose: () => void }) {
  const { t } = useTranslation('rbac');
  // The full address, so the administrator can pass it on with the token.
  const resetUrl = new URL(RESET_PATH, window.location.origin).href;
  return (
    <Modal
      open={issued !== undefined}
      title={t('resetToken.title', { userName: issued?.userName })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button data-testid="reset-token-close" type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {issued && (
        <>
          <Typography.Paragraph>
            {t('resetToken.instructions', { userName: issued.userName })} <Link to={RESET_PATH}>{resetUrl}</Link>
          </Typography.Paragraph>
          <Typography.Paragraph
            data-testid="reset-token-value"
            code
            copyable={{ text: issued.token, tooltips: [t('actions.copy'), t('actions.copied')] }}
            style={{ fontSize: 16 }}
          >
            {issued.token}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {t('resetToken.expiresAt', { time: formatDateTime(issued.expiresAt) })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('resetToken.once')} />
        </>
      )}
    </Modal>
  );
}
