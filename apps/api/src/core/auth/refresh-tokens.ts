import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TokenResponse } from '@armature/domain';
import type { Config } from '../../config/env.ts';
import type { Db, Tx } from '../db/client.ts';
import { refreshTokens } from './session.table.ts';
import { users } from './users.table.ts';
import { AppError } from '../http/app-error.ts';
import { randomToken, sha256 } from './tokens.ts';
import { isoNow } from '../db/time.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-token.ts';

export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;

/** A new access token and refresh token; `familyId` continues a sign-in, absent starts one. */
export async function issueTokens(
  tx: Tx,
  config: Config,
  userId: string,
  familyId: string = randomUUID(),
): Promise<TokenResponse> {
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: isoNow(REFRESH_TOKEN_MS),
    creatorId: userId,
    creationTime: isoNow(),
  });
  return {
    access_token: await signAccessToken(config.jwtSecret, userId, familyId),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

/** Ends one sign-in: every refresh token rotated from it. */
export async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: isoNow() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, except the one of `keepFamilyId` (the caller's own). */
export async function revokeUserTokens(db: Db | Tx, userId: string, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: isoNow() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

/** Revokes the family of a presented refresh token; unknown tokens are ignored (logout always succeeds). */
export async function revokeFamilyOf(db: Db | Tx, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  if (row) await revokeFamily(db, row.familyId);
}

type RotateOutcome = { tokens: TokenResponse } | { error: 'invalid_refresh_token' | 'refresh_token_reused' };

/**
 * Single-use rotation. Spending the token is one conditional UPDATE, so of two concurrent uses only
 * one wins; the loser, like any later reuse, revokes the whole family. The revocation commits even
 * though the caller answers 401, hence the outcome is returned rather than thrown inside the transaction.
 */
export async function rotateRefreshToken(db: Db, config: Config, presented: string): Promise<TokenResponse> {
  const outcome = await db.transaction(async (tx): Promise<RotateOutcome> => {
    const tokenHash = sha256(presented);
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: isoNow() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    if (!spent) {
      const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      if (!known?.usedAt) return { error: 'invalid_refresh_token' };
      await revokeFamily(tx, known.familyId);
      return { error: 'refresh_token_reused' };
    }
    const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, spent.userId));
    if (new Date(spent.expiresAt).getTime() <= Date.now() || user?.status !== 'active') {
      await revokeFamily(tx, spent.familyId);
      return { error: 'invalid_refresh_token' };
    }
    return { tokens: await issueTokens(tx, config, spent.userId, spent.familyId) };
  });
  if ('error' in outcome) throw new AppError(outcome.error);
  return outcome.tokens;
}
