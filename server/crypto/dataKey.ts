import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of small secrets at rest (registration tokens now, mailbox passwords later):
 * AES-256-GCM with a random 96-bit IV per value, so equal values never look alike and a
 * tampered value fails to decrypt instead of decrypting to garbage.
 *
 * The key is DATA_ENCRYPTION_KEY when set (32 bytes as 64 hex characters or base64), otherwise
 * HKDF-SHA256 of the JWT signing secret: one less secret to manage, at the price that rotating
 * the JWT secret makes stored values unreadable (their sha256 look-ups keep working).
 */
export type DataKey = Buffer;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * 32 key bytes from DATA_ENCRYPTION_KEY's text; undefined when it is neither 64 hex characters nor base64 of 32 bytes.
 */
export function parseDataKey(text: string): DataKey | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

export function deriveDataKey(jwtSecret: string): DataKey {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'rpa-control-room', 'data-encryption-v1', 32));
}

export function encryptText(key: DataKey, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain text, or null when the value was encrypted with another key or altered. */
export function decryptText(key: DataKey, stored: string): string | null {
  if (!stored.startsWith(`${VERSION}:`)) return null;
  const raw = Buffer.from(stored.slice(VERSION.length + 1), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Look-up hash of a presented secret (hex sha256). */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A new secret of `bytes` random bytes (default 24 = 192 bits), base64url, with a readable prefix. */
export const newSecret = (prefix: string, bytes = 24): string => `${prefix}${randomBytes(bytes).toString('base64url')}`;
