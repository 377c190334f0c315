import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Select, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, KeyOutlined, LockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ADMIN_ROLE, USER_ENDPOINTS, maskTelephone, userStatusSchema, type User } from '@armature/domain';
import { useSession } from '../../lib/use-session.ts';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { usersLists, usersQueries } from './users.queries.ts';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { ResetTokenModal } from './reset-token-modal.tsx';
import { SetPasswordModal } from './set-password-modal.tsx';
import { UserStatusTag } from './user-status-tag.tsx';
import { useRoleLabel } from '../../components/role-label.ts';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useUserActions } from './use-user-actions.ts';
import type { I18nResources } from '../../lib/i18n-resources.ts';

export default function PersonnelListView() {
  const { t } = useTranslation(['rbac', 'resource']);
  const list = usePagedList<User>(usersLists.users);
  const actions = useRecordActions<User>(USER_ENDPOINTS.delete, (user) => user.userName);
  const userActions = useUserActions();
  // The server refuses to delete oneself, so one's own row does not offer it.
  const selfId = useSession()?.user?.id;
  const deletable = (user: User) => user.id !== selfId;
  const [passwordFor, setPasswordFor] = useState<User>();
  const roles = useQuery(usersQueries.allRoles());
  const products = useQuery(usersQueries.allProducts());
  const roleName = useRoleLabel(roles.data);
  const productById = useMemo(() => new Map(products.data?.map((product) => [product.id, product])), [products.data]);

  const field = (name: keyof I18nResources['rbac']['resources']['user']['fields']) =>
    t(`resources.user.fields.${name}`);
  const productName = (id: string) => productById.get(id)?.name ?? id;
  // Locked until a time still to come (a past lock has expired).
  const lockedUntil = (user: User) =>
    user.lockedUntil && dayjs(user.lockedUntil).isAfter(dayjs()) ? user.lockedUntil : undefined;
  const statusText = (user: User) =>
    [
      t(`resources.user.enum.status.${user.status}`),
      user.passwordResetRequested && t('resources.user.flags.resetRequested'),
      lockedUntil(user) && t('resources.user.flags.locked'),
    ]
      .filter(Boolean)
      .join(t('resource:list.separator'));
  const joined = (texts: string[]) => texts.join(t('resource:list.separator'));

  const columns: ListColumn<User>[] = [
    { title: field('userName'), dataIndex: 'userName', fixed: 'start', ...list.sortable('userName') },
    { title: field('name'), dataIndex: 'name', ...list.sortable('name') },
    {
      title: field('telephone'),
      dataIndex: 'telephone',
      render: (telephone: string | null) => maskTelephone(telephone),
      exportValue: (user) => maskTelephone(user.telephone),
    },
    { title: field('email'), dataIndex: 'email', ...list.sortable('email') },
    {
      title: field('roleNames'),
      dataIndex: 'roleNames',
      render: (names: string[]) =>
        names.map((name) => (
          <Tooltip key={name} title={name}>
            <Tag color={name === ADMIN_ROLE ? 'gold' : 'blue'} data-testid={`role-tag-${name}`}>
              {roleName(name)}
            </Tag>
          </Tooltip>
        )),
      exportValue: (user) => joined(user.roleNames.map(roleName)),
    },
    {
      title: field('productIds'),
      dataIndex: 'productIds',
      render: (ids: string[]) =>
        ids.map((id) => (
          <Tooltip key={id} title={productById.get(id)?.clientName}>
            <Tag>{productName(id)}</Tag>
          </Tooltip>
        )),
      exportValue: (user) => joined(user.productIds.map(productName)),
    },
    {
      title: field('status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_status, user) => {
        const locked = lockedUntil(user);
        return (
          <Flex gap={4} wrap align="center">
            <UserStatusTag status={user.status} />
            {user.status === 'disabled' && actions.buttons.has('update') && (
              <Button
                data-testid={`row-activate-${user.userName}`}
                size="small"
                type="link"
                icon={<CheckCircleOutlined />}
                onClick={() => userActions.activate(user)}
              >
                {t('actions.activate')}
              </Button>
            )}
            {user.passwordResetRequested && <Tag color="processing">{t('resources.user.flags.resetRequested')}</Tag>}
            {locked && (
              <Tooltip title={t('resources.user.flags.lockedUntil', { time: formatDateTime(locked) })}>
                <Tag color="error" icon={<LockOutlined />}>
                  {t('resources.user.flags.locked')}
                </Tag>
              </Tooltip>
            )}
          </Flex>
        );
      },
      exportValue: statusText,
    },
    fieldColumn('creationTime', documentField.creationTime<User>(field('creationTime')), list.sortable),
    actions.column((user) => [
      actions.edit(user),
      {
        key: 'reset',
        label: t('actions.issueResetToken'),
        icon: <KeyOutlined />,
        visible: actions.buttons.has('resetPassword'),
        onClick: () => void userActions.issueToken(user),
      },
      {
        key: 'password',
        label: t('actions.setPassword'),
        icon: <LockOutlined />,
        visible: actions.buttons.has('resetPassword'),
        onClick: () => setPasswordFor(user),
      },
      actions.delete(user, deletable(user)),
    ]),
  ];

  return (
    <>
      <ListPage<User>
        title={t('resources.user.name')}
        list={list}
        columns={columns}
        searchPlaceholder={t('resources.user.search')}
        canExport={actions.buttons.has('export')}
        onAdd={actions.add}
        onDeleteSelected={actions.deleteSelected}
        onRow={actions.rowProps}
        canDelete={deletable}
        filters={
          <>
            <Select
              data-testid="list-filter-status"
              allowClear
              placeholder={field('status')}
              style={{ width: 140 }}
              value={list.filters.status}
              onChange={(status?: string) => list.setFilter('status', status)}
              options={userStatusSchema.options.map((status) => ({
                value: status,
                label: t(`resources.user.enum.status.${status}`),
              }))}
            />
            <Select
              data-testid="list-filter-role"
              allowClear
              showSearch
              placeholder={field('roleNames')}
              style={{ width: 180 }}
              value={list.filters.roleName}
              onChange={(roleName?: string) => list.setFilter('roleName', roleName)}
              options={roles.data?.map((role) => ({ value: role.name, label: roleName(role.name) }))}
            />
          </>
        }
      />
      <ResetTokenModal issued={userActions.issued} onClose={userActions.closeIssued} />
      <SetPasswordModal user={passwordFor} onClose={() => setPasswordFor(undefined)} />
    </>
  );
}
