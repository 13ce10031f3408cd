import type { LiveNotification } from '../../domain';

const listeners = new Set<(n: LiveNotification) => void>();

/** For pages that need more than a list refresh (e.g. the process logs view of a later issue). */
export function subscribeLiveNotifications(listener: (n: LiveNotification) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const publishLiveNotification = (n: LiveNotification): void => listeners.forEach((l) => l(n));
