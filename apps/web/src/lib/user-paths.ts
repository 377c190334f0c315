/**
 * The user's day: the plant user's home, what waits for me, messages and notifications.
 * Not menu pages: every signed-in user has them. Here (lib/) so features can link to each other's.
 */
export const DASHBOARD_PATH = '/user/dashboard';
export const MY_TASKS_PATH = '/user/tasks';
export const MESSAGES_PATH = '/user/messages';
export const NOTIFICATIONS_PATH = '/user/notifications';
