import { createHash, randomBytes } from 'node:crypto';

/** The opaque reset token mailed in a link: 32 random bytes, base64url. */
export const newResetToken = (): string => randomBytes(32).toString('base64url');

/** Only the sha256 of a reset token is stored. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A login JWT has three dot-separated parts; a reset token has none. */
export const looksLikeJwt = (token: string): boolean => token.split('.').length === 3;

/** Reads "Token <value>" or "Bearer <value>" from an Authorization header. */
export function readAuthorization(header: string | undefined): string | undefined {
  const match = /^(?:Token|Bearer)\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
