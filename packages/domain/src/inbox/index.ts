// The user's day: notifications raised by the areas' events, messages between people, what waits for
// me, the home dashboard, and each user's own preferences (theme, density, muted notification kinds).
export * from './notification.schema.ts';
export * from './message.schema.ts';
export * from './my-task.schema.ts';
export * from './dashboard.schema.ts';
export * from './user-preferences.schema.ts';
export * from './inbox.errors.ts';
export * from './inbox.endpoints.ts';
