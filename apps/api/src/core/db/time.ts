export function isoNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/** Postgres renders timestamps as `2026-11-21 06:00:00.123+00`; the API speaks ISO-8601 UTC. */
export function toIso(value: string): string;
export function toIso(value: string | null): string | null;
export function toIso(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** A row with its audit timestamps in ISO-8601 UTC, ready for a response schema. */
export function withIsoAudit<T extends { creationTime: string; lastModificationTime: string | null }>(row: T): T {
  return { ...row, creationTime: toIso(row.creationTime), lastModificationTime: toIso(row.lastModificationTime) };
}

/** The same instant, whatever the rendering (`…Z` from the API, or a client's own ISO form): an optimistic-concurrency token. */
export function sameInstant(given: string | null, stored: string | null): boolean {
  if (given === null || stored === null) return given === stored;
  return Date.parse(given) === Date.parse(stored);
}
