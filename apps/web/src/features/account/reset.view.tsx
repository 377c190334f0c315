import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { resetPasswordSchema, type ResetPasswordInput } from '@armature/domain';
import { useZodField } from '../../lib/form-rules.ts';
import { AuthDone } from './auth-done.tsx';
import { AuthFormPage } from './auth-form-page.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { accountMutations } from './account.queries.ts';

type ResetForm = ResetPasswordInput & { newPasswordConfirm: string };

/** Sets a new password with the one-time token an administrator issued. */
export function ResetView() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ResetForm>();
  const field = useZodField(resetPasswordSchema);
  const [params] = useSearchParams();
  const reset = useMutation({
    ...accountMutations.resetPassword(),
    meta: { form },
  });
  return (
    <AuthFormPage
      name="reset"
      form={form}
      mutation={reset}
      initialValues={{ userName: params.get('userName') ?? '', token: params.get('token') ?? '' }}
      done={<AuthDone title={t('reset.done.title')} description={t('reset.done.description')} />}
    >
      <Typography.Paragraph type="secondary">{t('reset.intro')}</Typography.Paragraph>
      <Form.Item {...field('userName')} label={t('fields.userName')}>
        <Input autoComplete="username" data-testid="reset-username" />
      </Form.Item>
      <Form.Item {...field('token')} label={t('fields.token')}>
        <Input autoComplete="one-time-code" data-testid="reset-token" />
      </Form.Item>
      <NewPasswordFields
        schema={resetPasswordSchema}
        name="newPassword"
        label={t('fields.newPassword')}
        confirmLabel={t('fields.confirmPassword')}
      />
    </AuthFormPage>
  );
}
