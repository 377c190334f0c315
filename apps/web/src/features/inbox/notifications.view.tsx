import { useState, type HTMLAttributes } from 'react';
import { Button, DatePicker, Flex, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_KINDS, notificationKindSchema, type Notification } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { ChoiceFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { pickerRange, timeRange } from '../../lib/date-range.ts';
import { inboxLists, inboxMutations, refreshNotifications } from './inbox.queries.ts';
import { NotificationLink } from './notification-link.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { useNotificationText } from './notification-text.ts';

/**
 * The notifications page (`/user/notifications`): newest first, filtered by kind, unread only and
 * creation days (the filters live in the address); each row links to its record and may be marked
 * read; "read all" clears the bell. The settings drawer mutes kinds.
 */
export default function NotificationsView() {
  const { t } = useTranslation('inbox');
  const text = useNotificationText();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const list = usePagedList<Notification>(inboxLists.notifications);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const refresh = () => void refreshNotifications(queryClient);
  const markRead = useMutation({ ...inboxMutations.markRead(), onSettled: refresh });
  const readAll = useMutation({
    ...inboxMutations.readAll(),
    onSuccess: ({ marked }) => notify.success(t('notifications.markedAll', { count: marked })),
    onSettled: refresh,
  });

  const columns: ListColumn<Notification>[] = [
    {
      title: t('notifications.fields.text'),
      key: 'text',
      render: (_value, notification) => (
        <Typography.Text strong={notification.readTime === null}>
          <NotificationLink
            notification={notification}
            onOpen={() => notification.readTime === null && markRead.mutate(notification.id)}
          >
            {text(notification)}
          </NotificationLink>
        </Typography.Text>
      ),
      exportValue: (notification) => text(notification),
    },
    {
      title: t('notifications.fields.kind'),
      dataIndex: 'kind',
      render: (_value, notification) => <Tag>{t(`notifications.kindNames.${notification.kind}`)}</Tag>,
    },
    {
      title: t('notifications.fields.product'),
      key: 'product',
      render: (_value, notification) =>
        [notification.clientName, notification.productName].filter(Boolean).join(' / ') || '—',
    },
    { title: t('notifications.fields.actor'), dataIndex: 'actorName', render: (name: string | null) => name ?? '—' },
    { title: t('notifications.fields.time'), dataIndex: 'creationTime', render: formatDateTime },
    {
      title: t('notifications.fields.status'),
      key: 'status',
      render: (_value, notification) =>
        notification.readTime === null ? (
          <Button
            size="small"
            icon={<CheckOutlined />}
            loading={markRead.isPending && markRead.variables === notification.id}
            onClick={() => markRead.mutate(notification.id)}
            data-testid={`notification-mark-read-${notification.id}`}
          >
            {t('notifications.markRead')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('notifications.read')}</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <ListPage<Notification>
        title={t('notifications.title')}
        list={list}
        columns={columns}
        canExport={false}
        onRow={(notification) =>
          ({
            'data-testid': `notification-row-${notification.id}`,
            'data-unread': notification.readTime === null,
          }) as HTMLAttributes<HTMLElement>
        }
        filters={
          <>
            <ChoiceFilter
              list={list}
              name="kind"
              placeholder={t('notifications.fields.kind')}
              values={NOTIFICATION_KINDS}
              labelOf={(kind) => t(`notifications.kindNames.${kind}`)}
            />
            <DatePicker.RangePicker
              data-testid="filter-creationTime"
              placeholder={[t('notifications.from'), t('notifications.to')]}
              value={pickerRange(list.filters.from, list.filters.to)}
              style={{ maxWidth: '100%' }}
              onChange={(range) => {
                const [from, to] = timeRange(range);
                list.setFilters({ from, to });
              }}
            />
            <Flex align="center" gap="small">
              <Switch
                data-testid="filter-unread"
                checked={list.filters.unread === 'true'}
                onChange={(only) => list.setFilter('unread', only ? 'true' : undefined)}
              />
              <Typography.Text>{t('notifications.unreadOnly')}</Typography.Text>
            </Flex>
          </>
        }
        tools={
          <>
            <Button
              icon={<SettingOutlined />}
              onClick={() => setSettingsOpen(true)}
              data-testid="notifications-settings"
            >
              {t('preferences.open')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={readAll.isPending}
              // Filtered by kind, "read all" reads what the list shows: that kind's.
              onClick={() => readAll.mutate(notificationKindSchema.safeParse(list.filters.kind).data)}
              data-testid="notifications-read-all"
            >
              {t('notifications.readAll')}
            </Button>
          </>
        }
      />
      <NotificationPreferences open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
