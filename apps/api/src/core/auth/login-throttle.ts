import { and, count, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { loginFailures } from './session.table.ts';
import { isoNow } from '../db/time.ts';

export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const USER_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;

/** Self-registrations counted per address and for everyone together, in the same window. */
export const REGISTRATION_IP_LIMIT = 5;
export const REGISTRATION_LIMIT = 100;

export const userSubject = (userName: string) => `user:${userName.trim().toLowerCase()}`;
export const ipSubject = (ip: string) => `ip:${ip}`;
const REGISTRATION_IP_PREFIX = 'register:ip:';
const REGISTRATIONS = 'register:all';
/**
 * A registration is an attempt never released: the same rows and locks as sign-ins, under subjects
 * of their own, so every API process shares the count.
 */
export const registrationSubjects = (ip: string) => [`${REGISTRATION_IP_PREFIX}${ip}`, REGISTRATIONS];

function limitOf(subject: string): number {
  if (subject.startsWith(REGISTRATION_IP_PREFIX)) return REGISTRATION_IP_LIMIT;
  if (subject === REGISTRATIONS) return REGISTRATION_LIMIT;
  return subject.startsWith('ip:') ? IP_FAILURE_LIMIT : USER_FAILURE_LIMIT;
}

/**
 * When each locked subject unlocks: a subject with `limit` failures in the window is locked for the
 * window after its latest failure. Attempts while locked are refused before the password is checked
 * and not counted, so the lock ends on time.
 */
export async function lockedUntil(db: Db | Tx, subjects: readonly string[]): Promise<Map<string, string>> {
  if (subjects.length === 0) return new Map();
  const rows = await db
    .select({ subject: loginFailures.subject, failures: count(), latest: max(loginFailures.creationTime) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.subject, [...subjects]), gt(loginFailures.creationTime, isoNow(-LOCK_WINDOW_MS))))
    .groupBy(loginFailures.subject);
  const locks = new Map<string, string>();
  for (const row of rows) {
    if (row.failures < limitOf(row.subject) || !row.latest) continue;
    const until = new Date(new Date(row.latest).getTime() + LOCK_WINDOW_MS);
    if (until.getTime() > Date.now()) locks.set(row.subject, until.toISOString());
  }
  return locks;
}

/** Whole minutes until the latest of the locks ends (at least 1), or undefined when none applies. */
function minutesUntil(locks: Map<string, string>): number | undefined {
  if (locks.size === 0) return undefined;
  const until = Math.max(...[...locks.values()].map((value) => new Date(value).getTime()));
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}

/**
 * Holds the subjects' sign-in locks until the transaction ends, always in one order. Whatever deletes a subject's
 * counted attempts takes them first: two right passwords of one user at once each deleted both attempts in
 * another order and deadlocked on PostgreSQL (a 409, and the loser's attempt stayed counted as a failure).
 */
export async function lockSubjects(tx: Tx, subjects: readonly string[]): Promise<void> {
  for (const subject of [...subjects].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${subject}, 0))`);
}

/** A sign-in attempt counted in advance: `release` uncounts it once the password proved right. */
export type Attempt = { locked: number } | { release: (db: Db | Tx) => Promise<void> };

/**
 * Takes one attempt for each subject before the password is checked, counted as a failure until the
 * caller releases it. Attempts on one subject are serialised (a transaction-scoped advisory lock per
 * subject, taken in one order), so of any number of parallel guesses at most the limit are ever
 * checked: the others find the subject locked and are refused without a check (`locked` minutes).
 */
export async function takeAttempt(db: Db, subjects: readonly string[]): Promise<Attempt> {
  return db.transaction(async (tx) => {
    await lockSubjects(tx, subjects);
    const locked = minutesUntil(await lockedUntil(tx, subjects));
    if (locked) return { locked };
    await tx
      .delete(loginFailures)
      .where(
        and(inArray(loginFailures.subject, [...subjects]), lt(loginFailures.creationTime, isoNow(-LOCK_WINDOW_MS))),
      );
    const now = isoNow();
    const taken = await tx
      .insert(loginFailures)
      .values(subjects.map((subject) => ({ subject, creationTime: now })))
      .returning({ id: loginFailures.id });
    const ids = taken.map((row) => row.id);
    return {
      release: async (db: Db | Tx) => void (await db.delete(loginFailures).where(inArray(loginFailures.id, ids))),
    };
  });
}

export async function clearFailures(db: Db | Tx, subject: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.subject, subject));
}
