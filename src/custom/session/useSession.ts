import { useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from '../../domain';
import { STORAGE_KEYS, getToken, subscribeSession } from '../../authProvider/session';

// Snapshots must be stable between calls: compare the stored strings, parse afterwards.
const readSessionJson = (): string | null => globalThis.localStorage?.getItem(STORAGE_KEYS.session) ?? null;

export const useSessionToken = (): string | null => useSyncExternalStore(subscribeSession, getToken, getToken);

export function useSessionUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribeSession, readSessionJson, readSessionJson);
  return useMemo(() => {
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionUser;
    } catch {
      return null;
    }
  }, [raw]);
}
