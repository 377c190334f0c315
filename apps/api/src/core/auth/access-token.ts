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

/** How many verified tokens each secret remembers: a plant's signed-in users many times over. */
const VERIFIED_TOKENS = 5_000;
/** Verified tokens by secret, oldest first (a Map keeps insertion order): token → its claims. */
const verified = new Map<string, Map<string, AccessClaims>>();

/**
 * The claims of a valid token, or undefined for anything else (expired, forged, malformed). A token
 * once verified is remembered until it expires: its HMAC check (WebCrypto, an async job per call) was
 * a sixth of an authenticated read's CPU (docs/benchmarks.md). Only the signature's check is
 * saved: the token's user, sign-in and rights are still read on every request (`loadPrincipal`), so a
 * logout or a revoked role applies at the next request as before.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | undefined> {
  let known = verified.get(secret);
  const remembered = known?.get(token);
  // jose's own test: a token is expired once its `exp` second has begun.
  if (remembered) {
    if (Math.floor(Date.now() / 1000) < remembered.expiresAt / 1000) return remembered;
    known!.delete(token);
    return undefined;
  }
  const claims = await verifySignature(secret, token);
  if (claims) {
    if (!known) verified.set(secret, (known = new Map()));
    if (known.size >= VERIFIED_TOKENS) known.delete(known.keys().next().value!);
    known.set(token, claims);
  }
  return claims;
}

async function verifySignature(secret: string, token: string): Promise<AccessClaims | undefined> {
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
