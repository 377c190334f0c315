import { useTranslation } from 'react-i18next';
import { Card, Flex, Form, Input } from 'antd';
import { ROLE_ENDPOINTS, roleInputSchema, type Role, type RoleInput } from '@armature/domain';
import { usePageButtons } from '../../components/page-access.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { FormPage } from '../../components/resource/form-page.tsx';
import { PermissionTree } from './permission-tree.tsx';
import { useRecordForm } from '../../components/resource/use-record-form.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useSession } from '../../lib/use-session.ts';
import type { I18nResources } from '../../lib/i18n-resources.ts';

/** Add (`…/roles/add`) and update (`…/roles/update/:id`) of a role; the update page also edits its permissions. */
export default function RoleFormView() {
  const { t } = useTranslation('rbac');
  const buttons = usePageButtons();
  const page = useRecordForm<Role, RoleInput, RoleInput>({
    endpoints: ROLE_ENDPOINTS,
    toPayload: (values) => values,
  });
  const zodField = useZodField(roleInputSchema);
  const label = (name: keyof I18nResources['rbac']['resources']['role']['fields']) =>
    t(`resources.role.fields.${name}`);
  // Only the maker's admin chooses a role's client (empty: a template); a client's manager's roles are their client's.
  const isAdmin = useSession()?.user?.isAdmin ?? false;

  return (
    <Flex vertical gap="middle">
      <FormPage<RoleInput>
        title={page.isUpdate ? t('resources.role.edit', { name: page.record?.name }) : t('resources.role.create')}
        form={page.form}
        loading={page.loading}
        failed={page.failed}
        saving={page.saving}
        initialValues={page.record}
        onFinish={page.submit}
        onCancel={page.back}
      >
        <Form.Item {...zodField('name')} label={label('name')}>
          {/* A static role's name is what the code refers to. */}
          <Input data-testid="field-name" disabled={page.record?.isStatic} />
        </Form.Item>
        {isAdmin && (
          <Form.Item {...zodField('clientId')} label={label('clientName')}>
            {/* A role keeps its client: grants and holders were given within it. */}
            <ReferenceSelect
              to="client"
              allowClear
              placeholder={t('resources.role.template')}
              disabled={page.isUpdate}
              data-testid="field-clientId"
            />
          </Form.Item>
        )}
        <Form.Item {...zodField('description')} label={label('description')} style={{ gridColumn: '1 / -1' }}>
          <Input.TextArea data-testid="field-description" rows={5} />
        </Form.Item>
      </FormPage>
      {page.record && buttons.has('permission') && (
        <Card title={t('permissions.title', { roleName: page.record.name })}>
          <PermissionTree role={page.record} />
        </Card>
      )}
    </Flex>
  );
}
