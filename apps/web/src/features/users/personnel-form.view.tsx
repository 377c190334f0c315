import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Form, Input, Radio, Select } from 'antd';
import {
  userCreateSchema,
  userStatusSchema,
  USER_ENDPOINTS,
  userUpdateSchema,
  type User,
  type UserCreate,
  type UserUpdate,
  type Product,
} from '@armature/domain';
import { useZodField } from '../../lib/form-rules.ts';
import { FormPage } from '../../components/resource/form-page.tsx';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { usersQueries } from './users.queries.ts';
import { useRecordForm } from '../../components/resource/use-record-form.ts';
import { useRoleLabel } from '../../components/role-label.ts';
import type { I18nResources } from '../../lib/i18n-resources.ts';

type Values = UserCreate & { passwordConfirm?: string };

const NEW_USER: Partial<Values> = { status: 'active', roleNames: [], productIds: [] };

/** The clients owning the products the editor may see, each once, by name. */
function clientOptions(products: readonly Product[]) {
  const names = new Map<string, string>();
  for (const product of products) names.set(product.clientId, product.clientName ?? product.clientId);
  return [...names].map(([value, label]) => ({ value, label }));
}

/**
 * The lines grouped by client. Once the user's client is chosen, another client's lines are shown
 * disabled (still named, so one already given is seen for what it is and can be removed).
 */
function productOptions(products: readonly Product[], clientId: string | null | undefined) {
  const byClient = new Map<string, Product[]>();
  for (const product of products) {
    // Every product has a client; the name is only null for a reference the reader may not see.
    const clientName = product.clientName ?? '';
    byClient.set(clientName, [...(byClient.get(clientName) ?? []), product]);
  }
  return [...byClient].map(([clientName, clientProducts]) => ({
    label: clientName,
    title: clientName,
    options: clientProducts.map((product) => ({
      value: product.id,
      label: `${product.name} (${product.code}) · ${clientName}`,
      disabled: Boolean(clientId) && product.clientId !== clientId,
    })),
  }));
}

/** Add (`…/personnel/add`) and update (`…/personnel/update/:id`) of a user. */
export default function PersonnelFormView() {
  const { t } = useTranslation('rbac');
  const page = useRecordForm<User, Values, UserCreate | UserUpdate>({
    endpoints: USER_ENDPOINTS,
    toPayload: ({ passwordConfirm: _confirm, ...values }, record) => ({ ...record, ...values }),
  });
  // Create and update share these fields' rules; only create has the password.
  const zodField = useZodField(userUpdateSchema);
  const roles = useQuery(usersQueries.allRoles());
  const roleName = useRoleLabel(roles.data);
  // The code too, as it is what other screens and the server name.
  const roleOption = (code: string) => (roleName(code) === code ? code : `${roleName(code)} (${code})`);
  const products = useQuery(usersQueries.allProducts());
  const clientId = Form.useWatch('clientId', page.form);
  const clients = useMemo(() => clientOptions(products.data ?? []), [products.data]);
  const groupedProducts = useMemo(() => productOptions(products.data ?? [], clientId), [products.data, clientId]);
  // A new client keeps only its own lines.
  const chooseClient = (next: string | undefined) => {
    const own = new Set((products.data ?? []).filter((product) => product.clientId === next).map(({ id }) => id));
    const given = (page.form.getFieldValue('productIds') as string[] | undefined) ?? [];
    page.form.setFieldValue(
      'productIds',
      given.filter((id) => own.has(id)),
    );
  };
  const label = (name: keyof I18nResources['rbac']['resources']['user']['fields']) =>
    t(`resources.user.fields.${name}`);

  return (
    <FormPage<Values>
      title={page.isUpdate ? t('resources.user.edit', { userName: page.record?.userName }) : t('resources.user.create')}
      form={page.form}
      loading={page.loading}
      failed={page.failed}
      saving={page.saving}
      initialValues={page.record ?? NEW_USER}
      onFinish={page.submit}
      onCancel={page.back}
    >
      <Form.Item {...zodField('userName')} label={label('userName')}>
        <Input data-testid="field-userName" disabled={page.isUpdate} autoComplete="off" />
      </Form.Item>
      <Form.Item {...zodField('name')} label={label('name')}>
        <Input data-testid="field-name" />
      </Form.Item>
      <Form.Item {...zodField('telephone')} label={label('telephone')}>
        <Input data-testid="field-telephone" inputMode="tel" />
      </Form.Item>
      <Form.Item {...zodField('email')} label={label('email')}>
        <Input data-testid="field-email" inputMode="email" />
      </Form.Item>
      <Form.Item {...zodField('status')} label={label('status')}>
        <Radio.Group
          data-testid="field-status"
          optionType="button"
          options={userStatusSchema.options.map((status) => ({
            value: status,
            label: t(`resources.user.enum.status.${status}`),
          }))}
        />
      </Form.Item>
      {!page.isUpdate && (
        <NewPasswordFields
          schema={userCreateSchema}
          name="password"
          label={t('resources.user.fields.password')}
          confirmLabel={t('resources.user.fields.confirmPassword')}
        />
      )}
      <Form.Item {...zodField('roleNames')} label={label('roleNames')} style={{ gridColumn: '1 / -1' }}>
        <Select
          data-testid="field-roleNames"
          mode="multiple"
          allowClear
          loading={roles.isLoading}
          options={roles.data?.map((role) => ({ value: role.name, label: roleOption(role.name) }))}
        />
      </Form.Item>
      <Form.Item
        {...zodField('clientId')}
        label={label('clientId')}
        extra={t('resources.user.hints.clientId')}
        style={{ gridColumn: '1 / -1' }}
      >
        <Select
          data-testid="field-clientId"
          loading={products.isLoading}
          options={clients}
          onChange={chooseClient}
          placeholder={t('resources.user.hints.noClient')}
        />
      </Form.Item>
      <Form.Item
        {...zodField('productIds')}
        label={label('productIds')}
        extra={t('resources.user.hints.productIds')}
        style={{ gridColumn: '1 / -1' }}
      >
        <Select
          data-testid="field-productIds"
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={products.isLoading}
          options={groupedProducts}
        />
      </Form.Item>
    </FormPage>
  );
}
