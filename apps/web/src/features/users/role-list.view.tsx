import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Tag } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { ROLE_ENDPOINTS, type Role } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { useFeedback } from '../../components/feedback.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { PermissionTree } from './permission-tree.tsx';
import { usersLists } from './users.queries.ts';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useSession } from '../../lib/use-session.ts';
import type { I18nResources } from '../../lib/i18n-resources.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';

export default function RoleListView() {
  const { t } = useTranslation('rbac');
  const list = usePagedList<Role>(usersLists.roles);
  const actions = useRecordActions<Role>(ROLE_ENDPOINTS.delete, (role) => role.name);
  const [permissionsOf, setPermissionsOf] = useState<Role>();
  const [permissionsDirty, setPermissionsDirty] = useState(false);
  const { confirm } = useFeedback();
  const closePermissions = () => {
    setPermissionsDirty(false);
    setPermissionsOf(undefined);
  };
  const field = (name: keyof I18nResources['rbac']['resources']['role']['fields']) =>
    t(`resources.role.fields.${name}`);
  // The maker's templates (no client) are the maker's admin's to edit; a client's manager only assigns them.
  const isAdmin = useSession()?.user?.isAdmin ?? false;
  const isReadOnly = (role: Role) => role.clientId === null && !isAdmin;

  const columns: ListColumn<Role>[] = [
    {
      title: field('name'),
      dataIndex: 'name',
      fixed: 'start',
      ...list.sortable('name'),
      render: (name: string, role) => (
        <>
          {name} {role.isStatic && <Tag color="gold">{t('resources.role.static')}</Tag>}
        </>
      ),
    },
    {
      title: field('clientName'),
      dataIndex: 'clientName',
      render: (clientName: string | null) => clientName ?? <Tag>{t('resources.role.template')}</Tag>,
      exportValue: (role) => role.clientName ?? t('resources.role.template'),
    },
    { title: field('description'), dataIndex: 'description', ...list.sortable('description') },
    { title: field('userCount'), dataIndex: 'userCount', align: 'end', ...list.sortable('userCount') },
    fieldColumn('creationTime', documentField.creationTime<Role>(field('creationTime')), list.sortable),
    actions.column((role) => [
      ...(isReadOnly(role) ? [] : [actions.edit(role)]),
      {
        key: 'permission',
        label: t('actions.permissions'),
        icon: <SafetyOutlined />,
        visible: actions.buttons.has('permission'),
        onClick: () => setPermissionsOf(role),
      },
      // Static roles (admin) cannot be deleted: the server refuses, so they are not offered.
      actions.delete(role, !role.isStatic && !isReadOnly(role)),
    ]),
  ];

  return (
    <>
      <ListPage<Role>
        title={t('resources.role.name')}
        list={list}
        columns={columns}
        searchPlaceholder={t('resources.role.search')}
        canExport={actions.buttons.has('export')}
        onAdd={actions.add}
        onDeleteSelected={actions.deleteSelected}
        onRow={actions.rowProps}
        canDelete={(role) => !role.isStatic && !isReadOnly(role)}
      />
      <Drawer
        open={permissionsOf !== undefined}
        title={t('permissions.title', { roleName: permissionsOf?.name })}
        size="min(640px, 100vw)"
        // The tree's sticky toolbar sits flush with the header.
        styles={{ body: { paddingTop: 0 } }}
        destroyOnHidden
        onClose={() =>
          permissionsDirty
            ? void confirm({
                title: t('permissions.discardTitle'),
                content: t('permissions.discard'),
                danger: true,
                onOk: closePermissions,
              })
            : closePermissions()
        }
      >
        {permissionsOf && (
          <PermissionTree
            role={permissionsOf}
            readOnly={isReadOnly(permissionsOf)}
            onDirtyChange={setPermissionsDirty}
          />
        )}
      </Drawer>
    </>
  );
}
