import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthFrame } from './auth-frame.tsx';

export type AuthFormName = 'register' | 'forget' | 'reset';

type AuthFormPageProps<T> = {
  /** The `auth:<name>.*` texts and the `<name>-form` / `<name>-submit` test ids. */
  name: AuthFormName;
  form: FormInstance<T>;
  mutation: { mutate: (values: T) => void; isPending: boolean; isSuccess: boolean };
  /** What the page says once the request succeeded. */
  done: ReactNode;
  initialValues?: Partial<T>;
  /** A link shown beside "back to sign in". */
  link?: ReactNode;
  children: ReactNode;
};

/** A public account form (register, forgotten password, reset) and, once sent, what happens next. */
export function AuthFormPage<T>({ name, form, mutation, done, initialValues, link, children }: AuthFormPageProps<T>) {
  const { t } = useTranslation('auth');
  return (
    <AuthFrame title={t(`${name}.title`)}>
      {mutation.isSuccess ? (
        done
      ) : (
        <Form<T>
          form={form}
          layout="vertical"
          data-testid={`${name}-form`}
          initialValues={initialValues}
          onFinish={(values) => mutation.mutate(values)}
        >
          {children}
          <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid={`${name}-submit`}>
            {t(`${name}.submit`)}
          </Button>
          <Flex justify={link ? 'space-between' : 'center'} style={{ marginTop: 16 }}>
            <Link to="/auth/login">{t('backToLogin')}</Link>
            {link}
          </Flex>
        </Form>
      )}
    </AuthFrame>
  );
}
