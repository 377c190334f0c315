import { useState } from 'react';
import { Card, Empty, Flex, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message, MessageBox } from '@armature/domain';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { ComposeDrawer, replySubject, type ComposeDraft } from './compose-drawer.tsx';
import { MessageList } from './message-list.tsx';
import { MessageReader } from './message-reader.tsx';
import { messageLists } from './messages.queries.ts';
import { useAddressParams } from '../../lib/address-params.ts';

/** The message shown is `?open=<id>` (the list's own state is under `box.`), so "back" on a phone returns to the list. */
const OPEN = 'open';
/** The width of the list beside the reading pane. */
const LIST_WIDTH = 420;

/**
 * The messages page (`/user/messages`): the boxes beside the reading pane on a wide screen; on a
 * narrower one (below antd's `lg`) the list, then the message in its place.
 */
export default function MessagesView() {
  const { t } = useTranslation('messages');
  const [params, changeParams] = useAddressParams();
  const openId = params.get(OPEN) ?? undefined;
  const twoPanes = Grid.useBreakpoint().lg === true;
  const list = usePagedList<Message>(messageLists.messages, { scope: 'box' });
  const box: MessageBox = list.filters.box === 'sent' ? 'sent' : 'inbox';
  const [draft, setDraft] = useState<ComposeDraft | null>(null);

  const open = (id: string) => changeParams((next) => next.set(OPEN, id));
  const back = () => changeParams((next) => next.delete(OPEN));
  const reply = (message: Message) =>
    setDraft({ recipients: [message.sender], subject: replySubject(message.subject), replyToId: message.id });

  const listPane = (
    <MessageList
      list={list}
      box={box}
      openId={openId}
      onOpen={open}
      onCompose={() => setDraft({ recipients: [], subject: '' })}
    />
  );
  const reader = openId ? (
    <MessageReader key={openId} id={openId} onBack={twoPanes ? undefined : back} onReply={reply} />
  ) : undefined;
  return (
    <>
      {twoPanes ? (
        <Flex gap="middle" align="start">
          <div style={{ width: LIST_WIDTH, flex: 'none' }}>{listPane}</div>
          <div style={{ flex: 1, minWidth: 0 }}>
            {reader ?? (
              <Card>
                <Empty description={t('reader.none')} />
              </Card>
            )}
          </div>
        </Flex>
      ) : (
        (reader ?? listPane)
      )}
      <ComposeDrawer draft={draft} onClose={() => setDraft(null)} />
    </>
  );
}
