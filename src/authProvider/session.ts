import type { LoginPayload, SessionUser } from '../domain';
import { LANGUAGE_KEY } from '../../i18n/language';
import { isTokenExpired } from './jwt';

/** localStorage keys of the session. */
export const STORAGE_KEYS = {
  token: 'token',
  resetToken: 'resetToken',
  session: 'session',
  isFirstLogin: 'isFirstLogin',
  lastActivity: 'lastActivity',
  logoutAt: 'logoutAt',
} as const;

/** What survives a logout: the language chosen in this browser, and the logout broadcast itself. */
const KEPT_ON_LOGOUT: readonly string[] = [LANGUAGE_KEY, STORAGE_KEYS.logoutAt];
const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.resetToken,
  STORAGE_KEYS.session,
  STORAGE_KEYS.isFirstLogin,
];

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};
const read = (key: string): string | null => storage()?.getItem(key) ?? null;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Notified on every session change, in this tab and (through the storage event) in other tabs,
 * so a logout in one tab logs out the others.
 */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.includes(event.key) || event.key === STORAGE_KEYS.logoutAt) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export const getToken = (): string | null => read(STORAGE_KEYS.token);
export const getResetToken = (): string | null => read(STORAGE_KEYS.resetToken);
/** The Authorization token: the reset-token if present, else the session token. */
export const getAuthToken = (): string | null => getResetToken() ?? getToken();
export const isFirstLogin = (): boolean => read(STORAGE_KEYS.isFirstLogin) === 'true';
export const isLoggedIn = (): boolean => getToken() !== null;

export function getSessionUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function saveLogin(payload: LoginPayload, now = Date.now()): void {
  const s = storage();
  if (!s) return;
  s.removeItem(STORAGE_KEYS.resetToken);
  s.setItem(STORAGE_KEYS.token, payload.token);
  s.setItem(STORAGE_KEYS.session, JSON.stringify(payload.user));
  s.setItem(STORAGE_KEYS.isFirstLogin, String(payload.isFirstLogin));
  s.setItem(STORAGE_KEYS.lastActivity, String(now));
  emit();
}

export function updateSessionUser(changes: Partial<SessionUser>): void {
  const user = getSessionUser();
  if (!user) return;
  storage()?.setItem(STORAGE_KEYS.session, JSON.stringify({ ...user, ...changes }));
  emit();
}

export function setResetToken(token: string | null): void {
  if (token) storage()?.setItem(STORAGE_KEYS.resetToken, token);
  else storage()?.removeItem(STORAGE_KEYS.resetToken);
  emit();
}

/** Clears everything but the kept keys (react-admin's store included: it is reset on logout anyway). */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.keys(s)) {
    if (!KEPT_ON_LOGOUT.includes(key)) s.removeItem(key);
  }
  emit();
}

/** Tells the other tabs (storage event) that this browser logged out. */
export function broadcastLogout(now = Date.now()): void {
  storage()?.setItem(STORAGE_KEYS.logoutAt, String(now));
}

/** On load, a stored token whose expiry is past logs the user out. */
export function dropExpiredSession(now = Date.now()): boolean {
  const token = getToken();
  if (token && isTokenExpired(token, now)) {
    clearSession();
    return true;
  }
  return false;
}
