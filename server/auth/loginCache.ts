import type { VerifiedLogin } from '../types';

/**
 * How long a checked token is trusted without checking it again. Every request otherwise
 * costs a signature check and a user look-up; with this, a burst of calls of one person costs
 * one of each. Changes made through this node (role, deletion, password) forget the user at
 * once; changes made on another node or straight in the database apply within this time.
 * 0 turns the cache off.
 */
export const LOGIN_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface LoginCache {
  /** The login a token stood for, when checked less than LOGIN_CACHE_MS ago and its user not forgotten since. */
  get(token: string): VerifiedLogin | undefined;
  /** Call before reading the user: a forget() between this and set() keeps the read out of the cache. */
  begin(userId: string): number;
  /** `expiresAt`: the token's own expiry (ms); an entry never outlives it. */
  set(token: string, login: VerifiedLogin, expiresAt: number, generation: number): void;
  forget(userId: string): void;
}

interface Entry {
  login: VerifiedLogin;
  expires: number;
  /** The user's generation when checked: forgetting the user starts a new one. */
  generation: number;
}

export function createLoginCache(ttlMs = LOGIN_CACHE_MS): LoginCache {
  const byToken = new Map<string, Entry>();
  const generations = new Map<string, number>();
  let nextGeneration = 1;
  return {
    get(token) {
      const entry = byToken.get(token);
      if (!entry) return undefined;
      if (entry.expires <= Date.now() || generations.get(entry.login.user.id) !== entry.generation) {
        byToken.delete(token);
        return undefined;
      }
      return entry.login;
    },
    begin(userId) {
      let generation = generations.get(userId);
      if (generation === undefined) {
        // Bounded: past the limit, start afresh rather than track recency on the hot path.
        if (generations.size >= MAX_ENTRIES) generations.clear();
        generation = nextGeneration++;
        generations.set(userId, generation);
      }
      return generation;
    },
    set(token, login, expiresAt, generation) {
      if (ttlMs <= 0 || generations.get(login.user.id) !== generation) return;
      if (byToken.size >= MAX_ENTRIES) byToken.clear();
      byToken.set(token, { login, expires: Math.min(Date.now() + ttlMs, expiresAt), generation });
    },
    forget(userId) {
      generations.delete(userId);
    },
  };
}
