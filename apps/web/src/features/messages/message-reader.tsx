import { useEffect } from 'react';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message } from '@armature/domain';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useSession } from '../../lib/use-session.ts';
import { messageMutations, messageQueries, refreshMessages } from './messages.queries.ts';

/**
 * Marks a message read once it is shown to one of its recipients (the sender's own copy is read
 * already); the lists, the tab's and the envelope's counts follow.
 */
function useMarkReadWhenShown(message: Message | undefined) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    ...messageMutations.markRead(),
    onSettled: () => void refreshMessages(queryClient),
  });
  const unreadId = message && message.readTime === null ? message.id : undefined;
  useEffect(() => {
    if (unreadId) mutate(unreadId);
  }, [unreadId, mutate]);
}

/** The recipients, each marked once they have read it (what the sender wants to know). */
function Recipients({ message }: { message: Message }) {
  return (
    <Flex wrap gap={4}>
      {message.recipients.map((person) => (
        <Tag
          key={person.id}
          color={person.readTime ? 'success' : undefined}
          icon={person.readTime ? <CheckOutlined /> : undefined}
        >
          {person.name}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * The reading pane: subject, sender, recipients, time and the text; "reply" writes back to the
 * sender. On a phone it replaces the list and "back" returns to it.
 */
export function MessageReader({
  id,
  onBack,
  onReply,
}: {
  id: string;
  /** Shown on a phone, where the reader stands in place of the list. */
  onBack?: () => void;
  onReply: (message: Message) => void;
}) {
  const { t } = useTranslation('messages');
  const me = useSession()?.user?.id;
  const read = useQuery(messageQueries.message(id));
  const message = read.data;
  useMarkReadWhenShown(message);
  return (
    <Card
      data-testid="message-reader"
      title={message && <span data-testid="message-subject">{message.subject}</span>}
      extra={
        <Flex gap="small">
          {message && message.sender.id !== me && (
            <Button icon={<RollbackOutlined />} onClick={() => onReply(message)} data-testid="message-reply">
              {t('reader.reply')}
            </Button>
          )}
          {onBack && (
            <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="message-back">
              {t('reader.back')}
            </Button>
          )}
        </Flex>
      }
    >
      {read.isPending && <Skeleton active />}
      {read.isError && <Result status="warning" title={t('reader.failed')} />}
      {message && (
        <Flex vertical gap="middle">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('fields.sender')}>
              <span data-testid="message-sender">
                {message.sender.name} ({message.sender.userName})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.recipients')}>
              <Recipients message={message} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.time')}>{formatDateTime(message.creationTime)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph data-testid="message-body" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {message.body}
          </Typography.Paragraph>
        </Flex>
      )}
    </Card>
  );
}
