import { Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { registerSchema, type RegisterInput } from '@armature/domain';
import { useZodField } from '../../lib/form-rules.ts';
import { AuthDone } from './auth-done.tsx';
import { AuthFormPage } from './auth-form-page.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { accountMutations } from './account.queries.ts';

type RegisterForm = RegisterInput & { passwordConfirm: string };

/**
 * Self-registration: the request is recorded and a new account stays disabled until an administrator
 * activates it. The server answers a taken name like a free one, so the confirmation says no more.
 */
export function RegisterView() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterForm>();
  const field = useZodField(registerSchema);
  const register = useMutation({
    ...accountMutations.register(),
    meta: { form },
  });
  return (
    <AuthFormPage
      name="register"
      form={form}
      mutation={register}
      done={<AuthDone title={t('register.done.title')} description={t('register.done.description')} />}
    >
      <Form.Item {...field('userName')} label={t('fields.userName')} extra={t('register.userNameHint')}>
        <Input autoComplete="username" data-testid="register-username" />
      </Form.Item>
      <Form.Item {...field('name')} label={t('fields.name')}>
        <Input autoComplete="name" data-testid="register-name" />
      </Form.Item>
      <Form.Item {...field('email')} label={t('fields.email')}>
        <Input type="email" autoComplete="email" data-testid="register-email" />
      </Form.Item>
      <Form.Item {...field('telephone')} label={t('fields.telephone')}>
        <Input type="tel" autoComplete="tel" data-testid="register-telephone" />
      </Form.Item>
      <NewPasswordFields
        schema={registerSchema}
        name="password"
        label={t('fields.password')}
        confirmLabel={t('fields.confirmPassword')}
      />
      {/* Text areas have 5 rows everywhere. */}
      <Form.Item {...field('remark')} label={t('fields.remark')}>
        <Input.TextArea rows={5} data-testid="register-remark" />
      </Form.Item>
    </AuthFormPage>
  );
}
