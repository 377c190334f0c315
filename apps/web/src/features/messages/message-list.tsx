import type { HTMLAttributes } from 'react';
import { Badge, Button, Card, Flex, Input, Switch, Table, Tabs, Typography, theme } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message, MessageBox } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import type { PagedList } from '../../components/resource/use-paged-list.ts';
import { messageQueries } from './messages.queries.ts';

/** One line of a box: who (the sender, or the recipients of a sent one), when, the subject and the text's start. */
function MessageLine({ message, box }: { message: Message; box: MessageBox }) {
  const { token } = theme.useToken();
  const unread = box === 'inbox' && message.readTime === null;
  const who = box === 'inbox' ? message.sender.name : message.recipients.map((person) => person.name).join(', ');
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Flex justify="space-between" gap="small">
        <Typography.Text strong={unread} ellipsis data-testid="message-line-who">
          {who}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
          {formatDateTime(message.creationTime)}
        </Typography.Text>
      </Flex>
      <Typography.Text strong={unread} ellipsis>
        {message.subject}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
        {message.body}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The boxes: inbox (its unread count on the tab, unread lines bold) and sent, a search over subject,
 * text and names, "unread only", and the compose button. A click on a line opens it.
 */
export function MessageList({
  list,
  box,
  openId,
  onOpen,
  onCompose,
}: {
  list: PagedList<Message>;
  box: MessageBox;
  openId: string | undefined;
  onOpen: (id: string) => void;
  onCompose: () => void;
}) {
  const { t } = useTranslation('messages');
  const { token } = theme.useToken();
  const unread = useQuery(messageQueries.unreadCount()).data ?? 0;
  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<EditOutlined />} onClick={onCompose} data-testid="message-compose">
          {t('compose.open')}
        </Button>
      }
      styles={{ body: { paddingTop: 0 } }}
    >
      <Tabs
        activeKey={box}
        onChange={(key) => list.setFilters({ box: key === 'inbox' ? undefined : key, unread: undefined })}
        items={[
          {
            key: 'inbox',
            label: (
              <Flex gap={6} align="center" data-testid="message-tab-inbox" data-count={unread}>
                {t('boxes.inbox')}
                <Badge count={unread} size="small" />
              </Flex>
            ),
          },
          { key: 'sent', label: <span data-testid="message-tab-sent">{t('boxes.sent')}</span> },
        ]}
      />
      <Flex gap="small" wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          key={list.keyword}
          data-testid="message-search"
          allowClear
          defaultValue={list.keyword}
          placeholder={t('searchIn')}
          onSearch={list.search}
          style={{ width: 260, maxWidth: '100%' }}
        />
        {box === 'inbox' && (
          <Flex align="center" gap="small">
            <Switch
              data-testid="message-unread-only"
              checked={list.filters.unread === 'true'}
              onChange={(only) => list.setFilter('unread', only ? 'true' : undefined)}
            />
            <Typography.Text>{t('unreadOnly')}</Typography.Text>
          </Flex>
        )}
      </Flex>
      <Table<Message>
        data-testid="message-table"
        size="small"
        showHeader={false}
        tableLayout="fixed"
        columns={[{ key: 'message', render: (_value, message) => <MessageLine message={message} box={box} /> }]}
        {...list.tableProps}
        onRow={(message) =>
          ({
            onClick: () => onOpen(message.id),
            style: {
              cursor: 'pointer',
              background: message.id === openId ? token.controlItemBgActive : undefined,
            },
            'data-testid': `message-row-${message.id}`,
            'data-unread': box === 'inbox' && message.readTime === null,
            'data-subject': message.subject,
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </Card>
  );
}
