import type { LiveNotification } from '../../domain';

type Listener = (n: LiveNotification) => void;
const listeners = new Set<Listener>();

/**
 * Live notifications for pages that follow them on their own terms (the dashboard refetches its
 * reports once a burst is over): the realtime hook publishes each one here.
 */
export function onLiveNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishLiveNotification(n: LiveNotification): void {
  listeners.forEach((listener) => listener(n));
}
