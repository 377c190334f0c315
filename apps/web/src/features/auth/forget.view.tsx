import { Button, Flex, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordSchema } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { AuthDone } from './auth-done.tsx';
import { AuthFrame } from './auth-frame.tsx';

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
    mutationFn: (input: ForgetForm) =>
      api.post('account/forgot-password', { userName: input.userName.trim() }, { tokenless: true }),
    meta: { form },
  });
  const resetUrl = `/auth/reset?userName=${encodeURIComponent(request.variables?.userName.trim() ?? '')}`;
  return (
    <AuthFrame title={t('forget.title')}>
      {request.isSuccess ? (
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
      ) : (
        <Form<ForgetForm>
          form={form}
          layout="vertical"
          data-testid="forget-form"
          onFinish={(values) => request.mutate(values)}
        >
          <Typography.Paragraph type="secondary">{t('forget.intro')}</Typography.Paragraph>
          <Form.Item {...field('userName')} label={t('fields.userName')}>
            <Input autoComplete="username" data-testid="forget-username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={request.isPending} data-testid="forget-submit">
            {t('forget.submit')}
          </Button>
          <Flex justify="space-between" style={{ marginTop: 16 }}>
            <Link to="/auth/login">{t('backToLogin')}</Link>
            <Link to="/auth/reset" data-testid="forget-reset-link">
              {t('forget.haveToken')}
            </Link>
          </Flex>
        </Form>
      )}
    </AuthFrame>
  );
}
