import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form, Result, Skeleton, type FormInstance } from 'antd';
import { FormActions } from '../form-actions.tsx';

type FormPageProps<TValues> = {
  title: ReactNode;
  form: FormInstance<TValues>;
  loading: boolean;
  failed: boolean;
  saving: boolean;
  initialValues: Partial<TValues> | undefined;
  onFinish: (values: TValues) => void;
  /** Reacts to edits (fills derived fields). */
  onValuesChange?: (changed: Partial<TValues>, values: TValues) => void;
  onCancel: () => void;
  /** Form.Items; give one `style={{ gridColumn: '1 / -1' }}` to span the whole row. */
  children: ReactNode;
};

/** An update page of its own making while its record loads (`loading`), or once the load failed. */
export function FormLoadCard({ title, loading }: { title: ReactNode; loading: boolean }) {
  const { t } = useTranslation('resource');
  return (
    <Card title={title}>
      {loading ? <Skeleton active /> : <Result status="warning" title={t('messages.loadFailed')} />}
    </Card>
  );
}

/** An add or update page: outlined fields on a responsive grid, with save and cancel below. */
export function FormPage<TValues>({ title, loading, failed, ...body }: FormPageProps<TValues>) {
  const { t } = useTranslation('resource');
  return (
    <Card title={title}>
      {loading && <Skeleton active />}
      {failed && (
        <Result
          status="warning"
          title={t('messages.loadFailed')}
          extra={
            <Button data-testid="form-back" onClick={body.onCancel}>
              {t('actions.back')}
            </Button>
          }
        />
      )}
      {!loading && !failed && <FormBody<TValues> {...body} />}
    </Card>
  );
}

type FormBodyProps<TValues> = Pick<
  FormPageProps<TValues>,
  'form' | 'saving' | 'initialValues' | 'onFinish' | 'onValuesChange' | 'onCancel' | 'children'
>;

/** The form of an add or update page without its card (also the body of a form in a drawer). */
export function FormBody<TValues>({
  form,
  saving,
  initialValues,
  onFinish,
  onValuesChange,
  onCancel,
  children,
}: FormBodyProps<TValues>) {
  return (
    <Form<TValues>
      form={form}
      layout="vertical"
      variant="outlined"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      scrollToFirstError
      style={{ maxWidth: 960 }}
    >
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
          columnGap: 16,
        }}
      >
        {children}
      </div>
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}
