import { mergeOnce } from './merge-once.ts';

/**
 * The kinds of notification an area raises, each from one of its events, with its audience: besides
 * the user whose action raised it, the users of the record's product holding this permission (by role
 * or granted to them) are told. Maker staff (`admin` role) are told only of what they started. A
 * notification stores its kind and the values its text needs; each screen words it in the reader's
 * language (`inbox:notifications.kinds.<kind>`).
 */
export type NotificationKinds = Readonly<Record<string, string>>;

/** Every area's kinds, with their audiences; a kind two areas raise fails the load. */
export function mergeNotificationKinds<const T extends readonly NotificationKinds[]>(...kinds: T) {
  return mergeOnce('Notification kind', kinds);
}
