import dayjs from 'dayjs';

/** Record times (ISO-8601 UTC) in the user's time zone, to the minute. */
export const formatDateTime = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm');
