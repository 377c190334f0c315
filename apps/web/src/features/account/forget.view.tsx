import { Button, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@armature/domain';
import { useZodField } from '../../lib/form-rules.ts';
import { AuthDone } from './auth-done.tsx';
import { AuthFormPage } from './auth-form-page.tsx';
import { accountMutations } from './account.queries.ts';

type ForgetForm = { userName: string };

/**
 * There is no e-mail: the request flags the account for the administrators, who issue a one-time
 * reset token from the personnel screen and hand it over; the user then sets a password on /auth/reset.
 */
export function ForgetView() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgetForm>();
  const field = useZodField(forgotPasswordSchema);
  const navigate = useNavigate();
  const request = useMutation({
    ...accountMutations.forgotPassword(),
    meta: { form },
  });
  const resetUrl = `/auth/reset?userName=${encodeURIComponent(request.variables?.userName.trim() ?? '')}`;
  return (
    <AuthFormPage
      name="forget"
      form={form}
      mutation={request}
      done={
        <AuthDone
          status="info"
          title={t('forget.done.title')}
          description={t('forget.done.description')}
          extra={
            <Button key="reset" onClick={() => void navigate(resetUrl)} data-testid="forget-to-reset">
              {t('forget.toReset')}
            </Button>
          }
        />
      }
      link={
        <Link to="/auth/reset" data-testid="forget-reset-link">
          {t('forget.haveToken')}
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t('forget.intro')}</Typography.Paragraph>
      <Form.Item {...field('userName')} label={t('fields.userName')}>
        <Input autoComplete="username" data-testid="forget-username" />
      </Form.Item>
    </AuthFormPage>
  );
}
