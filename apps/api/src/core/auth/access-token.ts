import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'armature';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** `sid` is the refresh-token family (the sign-in) the token belongs to, so "other sessions" can be told apart. */
export async function signAccessToken(secret: string, userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
    .sign(keyOf(secret));
}

export type AccessClaims = { userId: string; sessionId: string };

/** The claims of a valid token, or undefined for anything else (expired, forged, malformed). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    return payload.sub && typeof payload.sid === 'string' ? { userId: payload.sub, sessionId: payload.sid } : undefined;
  } catch {
    return undefined;
  }
}
