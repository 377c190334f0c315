import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: refresh tokens, reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes: a leaked table does not yield usable tokens. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
