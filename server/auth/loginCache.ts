import type { VerifiedLogin } from '../types';

/**
 * How long a checked token's user is reused. Every request otherwise costs a user look-up;
 * with this, a burst of calls of one person costs one. Changes made through this node's API
 * (role, deletion) forget the entry at once; changes made on another node or straight in the
 * database apply within this time. 0 turns the cache off.
 */
export const LOGIN_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface LoginCache {
  get(userId: string): VerifiedLogin | undefined;
  set(userId: string, login: VerifiedLogin): void;
  forget(userId: string): void;
}

export function createLoginCache(ttlMs = LOGIN_CACHE_MS): LoginCache {
  const entries = new Map<string, { login: VerifiedLogin; expires: number }>();
  return {
    get(userId) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.expires > Date.now()) return entry.login;
      entries.delete(userId);
      return undefined;
    },
    set(userId, login) {
      if (ttlMs <= 0) return;
      // Bounded: past the limit, start afresh rather than track recency on the hot path.
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(userId, { login, expires: Date.now() + ttlMs });
    },
    forget(userId) {
      entries.delete(userId);
    },
  };
}
