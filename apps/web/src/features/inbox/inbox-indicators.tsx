import { Badge, Button, Flex } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGES_PATH } from '../../lib/user-paths.ts';
import { inboxQueries } from './inbox.queries.ts';
import { useInboxStream } from './inbox-live.ts';
import { NotificationBell } from './notification-bell.tsx';

/** The envelope: unread messages (same live stream as the bell), opening the messages page. */
function MessageIndicator() {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const loaded = useQuery(inboxQueries.unreadMessages()).data;
  const count = loaded ?? 0;
  return (
    <span data-testid="message-count" data-count={loaded}>
      <Badge count={count} size="small" overflowCount={99}>
        <Button
          type="text"
          icon={<MailOutlined />}
          aria-label={t('envelope.label', { count })}
          data-testid="message-indicator"
          onClick={() => void navigate(MESSAGES_PATH)}
        />
      </Badge>
    </span>
  );
}

/** The header's bell and envelope, kept up to date by one event stream while they are shown. */
export function InboxIndicators() {
  useInboxStream();
  return (
    <Flex align="center" gap={4}>
      <NotificationBell />
      <MessageIndicator />
    </Flex>
  );
}
