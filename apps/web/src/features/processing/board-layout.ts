// The board's geometry, shared by its parts.

/**
 * Zoom levels (px per hour): the horizon at a glance, hours, minutes, and a close-up where a job of a
 * minute or two is wide enough to carry its own label — short jobs are read and grabbed there.
 */
export const HOUR_WIDTHS = [44, 180, 720, 2880] as const;
export type HourWidth = (typeof HOUR_WIDTHS)[number];
/** A drop snaps to whole quarter hours at a glance, 5 minutes by the hour, a minute closer in. */
export const SNAP_MINUTES: Record<HourWidth, number> = { 44: 15, 180: 5, 720: 1, 2880: 1 };
export const LABEL_WIDTH = 132;
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 44;

export type Palette = { background: string; border: string };
