import { describe, expect, it } from 'vitest';
import { NOTIFICATION_AUDIENCE, NOTIFICATION_KINDS, notificationKindSchema } from './catalogue-notifications.ts';
import { mergeNotificationKinds } from './core/notification-kinds.ts';

describe('notification kinds', () => {
  it("merge the areas' kinds with their audiences, in the areas' order", () => {
    expect(mergeNotificationKinds({ a: 'x.page' }, { b: 'y.page.add' })).toEqual({ a: 'x.page', b: 'y.page.add' });
    expect(Object.keys(mergeNotificationKinds({ b: 'p' }, { a: 'q' }))).toEqual(['b', 'a']);
  });

  it('refuse a kind two areas raise', () => {
    expect(() => mergeNotificationKinds({ a: 'x.page' }, { a: 'y.page' })).toThrow(/Notification kind "a"/);
  });

  it('give every assembled kind an audience the schema accepts', () => {
    expect(NOTIFICATION_KINDS).toEqual(Object.keys(NOTIFICATION_AUDIENCE));
    for (const kind of NOTIFICATION_KINDS) expect(notificationKindSchema.parse(kind)).toBe(kind);
    expect(notificationKindSchema.safeParse('nobodysKind').success).toBe(false);
  });
});
