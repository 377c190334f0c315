import { Button, Card, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, localizeValidationMessage, type ChangePasswordInput } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { zodFieldRule } from '../../lib/form-rules.ts';
import { useSession } from '../../lib/use-session.ts';
import { useFeedback } from '../../components/feedback.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { accountMutations } from './account.queries.ts';

type ChangePasswordForm = Required<ChangePasswordInput> & { newPasswordConfirm: string };

export function ChangePasswordView() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const userId = useSession()?.user?.id;
  const [form] = Form.useForm<ChangePasswordForm>();
  const { notify } = useFeedback();
  const change = useMutation({
    ...accountMutations.changePassword(),
    meta: { form },
    onSuccess: () => {
      form.resetFields();
      notify.success(t('changePassword.done'));
    },
  });
  return (
    <Card title={t('changePassword.title')} data-testid="change-password">
      <Form<ChangePasswordForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={(values) => {
          if (userId) change.mutate({ ...values, userId });
        }}
        data-testid="change-password-form"
      >
        <Form.Item
          name="currentPassword"
          label={t('fields.currentPassword')}
          required
          rules={[
            { required: true, message: localizeValidationMessage('required', locale) },
            zodFieldRule(changePasswordSchema, 'currentPassword', locale),
          ]}
        >
          <Input.Password autoComplete="current-password" data-testid="currentPassword-input" />
        </Form.Item>
        <NewPasswordFields
          schema={changePasswordSchema}
          name="newPassword"
          label={t('fields.newPassword')}
          confirmLabel={t('fields.confirmPassword')}
        />
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
          {t('changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
