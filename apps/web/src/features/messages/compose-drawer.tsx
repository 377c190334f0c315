import { useState } from 'react';
import { Button, Drawer, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { composeMessageSchema, type ComposeMessage, type MessagePerson } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { messageMutations, refreshMessages } from './messages.queries.ts';
import { RecipientPicker } from './recipient-picker.tsx';

/** What the drawer opens with: empty for a new message, the sender and subject for a reply. */
export type ComposeDraft = { recipients: MessagePerson[]; subject: string; replyToId?: string };

type ComposeFields = Omit<ComposeMessage, 'replyToId'>;

const SUBJECT_MAX = 120;

/** The subject of a reply (`Re: …` once, within the subject's length). */
export function replySubject(subject: string): string {
  const prefixed = /^re:/i.test(subject) ? subject : `Re: ${subject}`;
  return prefixed.slice(0, SUBJECT_MAX);
}

/** The form, made afresh each time the drawer opens (its own form store and idempotency keys). */
function ComposeForm({ draft, onSent }: { draft: ComposeDraft; onSent: () => void }) {
  const { t } = useTranslation('messages');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ComposeFields>();
  const field = useZodField(composeMessageSchema);
  const [keyFor] = useState(() => idempotencyKeys());
  const send = useMutation({
    ...messageMutations.send(keyFor),
    meta: { form },
    onSuccess: () => {
      notify.success(t('compose.sent'));
      void refreshMessages(queryClient);
      onSent();
    },
  });
  return (
    <Form<ComposeFields>
      form={form}
      layout="vertical"
      data-testid="compose-form"
      initialValues={{ recipientIds: draft.recipients.map((person) => person.id), subject: draft.subject }}
      onFinish={(values) => send.mutate({ ...values, replyToId: draft.replyToId })}
    >
      <Form.Item {...field('recipientIds')} label={t('fields.recipients')}>
        <RecipientPicker known={draft.recipients} />
      </Form.Item>
      <Form.Item {...field('subject')} label={t('fields.subject')}>
        <Input data-testid="compose-subject" maxLength={SUBJECT_MAX} showCount />
      </Form.Item>
      <Form.Item {...field('body')} label={t('fields.body')}>
        <Input.TextArea data-testid="compose-body" autoSize={{ minRows: 6, maxRows: 16 }} maxLength={5000} showCount />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SendOutlined />}
        loading={send.isPending}
        data-testid="compose-send"
      >
        {t('compose.send')}
      </Button>
    </Form>
  );
}

/**
 * Writing a message (a drawer, full width on a phone): recipients, subject and body, checked as the
 * server checks them; the server's refusals (a recipient out of reach, a field too long) show on the
 * fields. Opened with a draft, closed with null.
 */
export function ComposeDrawer({ draft, onClose }: { draft: ComposeDraft | null; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Drawer
      open={draft !== null}
      onClose={onClose}
      destroyOnHidden
      title={draft?.replyToId ? t('compose.replyTitle') : t('compose.title')}
      size="min(560px, 100vw)"
      data-testid="compose-drawer"
    >
      {draft && <ComposeForm draft={draft} onSent={onClose} />}
    </Drawer>
  );
}
