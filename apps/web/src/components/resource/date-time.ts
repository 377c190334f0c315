import { formatPlantTime, plantTimeZone } from '../../lib/plant-time.ts';

/** Record times (ISO-8601 UTC) on the current line's clock (its time zone), to the minute. */
export const formatDateTime = (time: string) => formatPlantTime(Date.parse(time), plantTimeZone());
