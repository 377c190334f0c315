import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'armature';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * `sid` is the refresh-token family (the sign-in) the token belongs to, so "other sessions" can be told
 * apart. `seconds` is the token's lifetime (tests sign short-lived ones).
 */
export async function signAccessToken(
  secret: string,
  userId: string,
  sessionId: string,
  seconds = ACCESS_TOKEN_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(keyOf(secret));
}

/** `expiresAt`: when the token stops working (ms since the epoch); a live stream ends then. */
export type AccessClaims = { userId: string; sessionId: string; expiresAt: number };

/** The claims of a valid token, or undefined for anything else (expired, forged, malformed). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      requiredClaims: ['exp'],
    });
    return payload.sub && typeof payload.sid === 'string' && payload.exp
      ? { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 }
      : undefined;
  } catch {
    return undefined;
  }
}
