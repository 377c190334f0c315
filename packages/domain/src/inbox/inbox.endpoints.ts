import type { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.ts';
import { idParamsSchema, noParamsSchema } from '../core/common.schema.ts';
import {
  composeMessageSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageRecipientQuerySchema,
  messageRecipientSchema,
  messageSchema,
} from './message.schema.ts';
import { readAllResultSchema, unreadCountSchema } from './notification.schema.ts';
import { myTasksQuerySchema, myTasksSchema } from './my-task.schema.ts';
import { dashboardSchema } from './dashboard.schema.ts';

/** Every signed-in user reads and writes their own messages, notifications and day. */
const access = 'authenticated';

/**
 * Messages between people (`/api/messages`): the caller's inbox or sent box, the people they may write
 * to, one message they sent or received, sending one and marking one read.
 */
export const MESSAGE_ENDPOINTS = {
  /** `box=inbox|sent`, newest first; `filter` searches subject, body, sender and recipient names. */
  list: defineEndpoint({
    method: 'GET',
    path: 'messages',
    params: noParamsSchema,
    query: messageListQuerySchema,
    response: messagePageSchema,
    access,
  }),
  /** Up to 50 people the caller may write to (a plant user: their own client's). */
  recipients: defineEndpoint({
    method: 'GET',
    path: 'messages/recipients',
    params: noParamsSchema,
    query: messageRecipientQuerySchema,
    response: messageRecipientSchema.array(),
    access,
  }),
  /** A message the caller sent or received; 404 otherwise. */
  get: defineEndpoint({ method: 'GET', path: 'messages/:id', params: idParamsSchema, response: messageSchema, access }),
  /** 400 `message_recipient_unknown` for a recipient the caller may not write to (naming nobody). */
  send: defineEndpoint({
    method: 'POST',
    path: 'messages',
    params: noParamsSchema,
    body: composeMessageSchema,
    status: 201,
    response: messageSchema,
    access,
  }),
  /** The caller marks a message they received read (idempotent). */
  read: defineEndpoint({
    method: 'POST',
    path: 'messages/:id/read',
    params: idParamsSchema,
    response: messageSchema,
    access,
  }),
};

/** The caller's unread notifications and messages, `{ count }` each (the header's indicators). */
export const UNREAD_COUNT_ENDPOINTS = {
  notifications: defineEndpoint({
    method: 'GET',
    path: 'notifications/unread-count',
    params: noParamsSchema,
    response: unreadCountSchema,
    access,
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: 'messages/unread-count',
    params: noParamsSchema,
    response: unreadCountSchema,
    access,
  }),
};

/**
 * A user's notifications (`/api/notifications`), over the notification contracts the catalogue builds
 * from every area's kinds: one page, marking one read (answering it) and marking all, or those of a kind.
 */
export function notificationEndpoints<
  N extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
>(contracts: {
  notificationSchema: N;
  notificationListQuerySchema: Q;
  notificationPageSchema: P;
  readAllInputSchema: R;
}) {
  return {
    list: defineEndpoint({
      method: 'GET',
      path: 'notifications',
      params: noParamsSchema,
      query: contracts.notificationListQuerySchema,
      response: contracts.notificationPageSchema,
      access,
    }),
    read: defineEndpoint({
      method: 'POST',
      path: 'notifications/:id/read',
      params: idParamsSchema,
      response: contracts.notificationSchema,
      access,
    }),
    /** `{}` marks every unread notification of the caller, `{ kind }` those of one kind. */
    readAll: defineEndpoint({
      method: 'POST',
      path: 'notifications/read-all',
      params: noParamsSchema,
      body: contracts.readAllInputSchema,
      response: readAllResultSchema,
      access,
    }),
  };
}

/**
 * The caller's preferences (`/api/account/preferences`): reading them, and saving any subset of them
 * (the answer is the whole preferences).
 */
export function preferenceEndpoints<S extends z.ZodType, U extends z.ZodType>(contracts: {
  userPreferencesSchema: S;
  userPreferencesUpdateSchema: U;
}) {
  return {
    get: defineEndpoint({
      method: 'GET',
      path: 'account/preferences',
      params: noParamsSchema,
      response: contracts.userPreferencesSchema,
      access,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: 'account/preferences',
      params: noParamsSchema,
      body: contracts.userPreferencesUpdateSchema,
      response: contracts.userPreferencesSchema,
      access,
    }),
  };
}

/**
 * The caller's day in the current product: what waits for them (`machineId`: the tasks queued on that
 * machine) and the home dashboard.
 */
export const WORKBENCH_ENDPOINTS = {
  myTasks: defineEndpoint({
    method: 'GET',
    path: 'my-tasks',
    params: noParamsSchema,
    query: myTasksQuerySchema,
    response: myTasksSchema,
    access,
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: 'dashboard',
    params: noParamsSchema,
    response: dashboardSchema,
    access,
  }),
};
