import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_RECIPIENTS, composeMessageSchema, messageListQuerySchema } from './message.schema.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('composing a message', () => {
  it('takes 1 to MESSAGE_MAX_RECIPIENTS recipients, a subject and a body, trimmed', () => {
    expect(composeMessageSchema.parse({ recipientIds: [id(1)], subject: '  Bar 12  ', body: ' Ready? ' })).toEqual({
      recipientIds: [id(1)],
      subject: 'Bar 12',
      body: 'Ready?',
    });
    const many = Array.from({ length: MESSAGE_MAX_RECIPIENTS + 1 }, (_, n) => id(n));
    expect(composeMessageSchema.safeParse({ recipientIds: many, subject: 's', body: 'b' }).success).toBe(false);
    expect(composeMessageSchema.safeParse({ recipientIds: [], subject: 's', body: 'b' }).success).toBe(false);
  });

  it('refuses a subject or body of spaces only', () => {
    expect(composeMessageSchema.safeParse({ recipientIds: [id(1)], subject: '   ', body: 'b' }).success).toBe(false);
    expect(composeMessageSchema.safeParse({ recipientIds: [id(1)], subject: 's', body: '\n ' }).success).toBe(false);
  });
});

describe('listing messages', () => {
  it('reads the inbox unless the sent box is asked for; `unread` is a query-string boolean', () => {
    expect(messageListQuerySchema.parse({})).toMatchObject({ box: 'inbox' });
    expect(messageListQuerySchema.parse({ box: 'sent', unread: 'false' })).toMatchObject({
      box: 'sent',
      unread: false,
    });
    expect(messageListQuerySchema.parse({ unread: 'true' }).unread).toBe(true);
    expect(messageListQuerySchema.safeParse({ unread: 'yes' }).success).toBe(false);
  });
});
