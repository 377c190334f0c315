import { useState } from 'react';
import { Badge, Button, Empty, Flex, Popover, Spin, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { NOTIFICATIONS_PATH } from '../../lib/user-paths.ts';
import { inboxMutations, inboxQueries, refreshNotifications } from './inbox.queries.ts';
import { NotificationLink } from './notification-link.tsx';
import { useNotificationText } from './notification-text.ts';

/** One unread notification in the popover: its text (a link to its record), plant and time. */
function LatestItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const text = useNotificationText();
  const { token } = theme.useToken();
  const where = [notification.productName, formatDateTime(notification.creationTime)].filter(Boolean).join(' · ');
  return (
    <Flex
      vertical
      data-testid="notification-latest-item"
      style={{ paddingBlock: token.paddingXS, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <NotificationLink notification={notification} onOpen={onOpen}>
        {text(notification)}
      </NotificationLink>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {where}
      </Typography.Text>
    </Flex>
  );
}

/** The popover's body: the newest unread notifications, "read all" and the way to the page. */
function LatestUnread({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('inbox');
  const queryClient = useQueryClient();
  const latest = useQuery(inboxQueries.latestUnread());
  const refresh = () => void refreshNotifications(queryClient);
  const markRead = useMutation({ ...inboxMutations.markRead(), onSettled: refresh });
  const readAll = useMutation({ ...inboxMutations.readAll(), onSettled: refresh });
  const items = latest.data?.items ?? [];
  const open = (notification: Notification) => {
    markRead.mutate(notification.id);
    onDone();
  };
  return (
    <Flex vertical gap="small" style={{ width: 'min(360px, calc(100vw - 48px))' }} data-testid="notification-popover">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={items.length === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="notification-popover-read-all"
        >
          {t('notifications.readAll')}
        </Button>
      </Flex>
      {latest.isPending ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
      ) : (
        <div style={{ maxHeight: '50vh', overflow: 'auto' }}>
          {items.map((notification) => (
            <LatestItem key={notification.id} notification={notification} onOpen={() => open(notification)} />
          ))}
        </div>
      )}
      <Link to={NOTIFICATIONS_PATH} onClick={onDone} data-testid="notification-popover-all">
        {t('bell.seeAll')}
      </Link>
    </Flex>
  );
}

/**
 * The header's bell: the unread count as a badge (pushed live by the inbox stream); a click opens the
 * newest unread ones.
 */
export function NotificationBell() {
  const { t } = useTranslation('inbox');
  const loaded = useQuery(inboxQueries.unreadNotifications()).data;
  const count = loaded ?? 0;
  const [open, setOpen] = useState(false);
  // `data-count` appears once the count is known (tests wait for it).
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      // Made when it opens and dropped when it closes, so each opening reads the newest.
      destroyOnHidden
      content={<LatestUnread onDone={() => setOpen(false)} />}
    >
      <span data-testid="notification-count" data-count={loaded}>
        <Badge count={count} size="small" overflowCount={99}>
          <Button
            type="text"
            icon={<BellOutlined />}
            aria-label={t('bell.label', { count })}
            data-testid="notification-bell"
          />
        </Badge>
      </span>
    </Popover>
  );
}
