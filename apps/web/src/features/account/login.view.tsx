import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginSchema, type LoginInput } from '@armature/domain/account';
import { signIn } from '../../lib/account.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { loadRemembered, loadSession } from '../../lib/session.ts';
import { useNextPage } from '../../components/next-page.tsx';
import { AuthFrame } from './auth-frame.tsx';

type LoginForm = LoginInput & { remember: boolean };

export function LoginView() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginForm>();
  const field = useZodField(loginSchema);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const nextPage = useNextPage();
  const queryClient = useQueryClient();
  const remembered = loadRemembered();
  // Signed out (by choice or by a refused token): nothing of the last session stays cached.
  useEffect(() => queryClient.clear(), [queryClient]);
  const login = useMutation({
    mutationFn: ({ remember, ...credentials }: LoginForm) =>
      signIn({ ...credentials, userName: credentials.userName.trim() }, remember),
    meta: { form },
    onSuccess: () => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      void nextPage(params.get('to'), loadSession()?.menus).then((page) => navigate(page, { replace: true }));
    },
  });
  return (
    <AuthFrame title={t('login.title')}>
      <Form<LoginForm>
        form={form}
        layout="vertical"
        data-testid="login-form"
        initialValues={{ userName: remembered?.userName ?? '', password: '', remember: remembered?.remember ?? false }}
        onFinish={(values) => login.mutate(values)}
      >
        <Form.Item {...field('userName')} label={t('fields.userName')}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
        </Form.Item>
        <Form.Item {...field('password')} label={t('fields.password')}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
          </Form.Item>
          <Link to="/auth/forget" data-testid="login-forget-link">
            {t('login.forget')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/auth/register" data-testid="login-register-link">
          {t('login.register')}
        </Link>
      </Flex>
    </AuthFrame>
  );
}
