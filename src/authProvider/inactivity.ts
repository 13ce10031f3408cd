import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS } from '../domain';
import { STORAGE_KEYS } from './session';

export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown', 'scroll'] as const;
/** Mouse moves fire dozens of times a second; one write a second is plenty against a 15 min timeout. */
export const ACTIVITY_THROTTLE_MS = 1_000;

export interface InactivityOptions {
  onExpire: () => void;
  timeoutMs?: number;
  checkMs?: number;
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

const readLastActivity = (): number | undefined => {
  const value = Number(globalThis.localStorage?.getItem(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

export const recordActivity = (at: number): void => {
  globalThis.localStorage?.setItem(STORAGE_KEYS.lastActivity, String(at));
};

/**
 * The last activity is stored on click, mouse move, key press and scroll; every 5 s the
 * gap is checked and past the timeout `onExpire` runs once. The timestamp lives in localStorage,
 * so activity in one tab keeps every tab alive. Returns the stop function.
 */
export function startInactivityTracker(options: InactivityOptions): () => void {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? INACTIVITY_TIMEOUT_MS;
  const target = options.target ?? globalThis;
  let lastWrite = 0;

  if (readLastActivity() === undefined) recordActivity(now());

  const onActivity = () => {
    const t = now();
    if (t - lastWrite < ACTIVITY_THROTTLE_MS) return;
    lastWrite = t;
    recordActivity(t);
  };
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  ACTIVITY_EVENTS.forEach((type) => target.addEventListener(type, onActivity, listenerOptions));

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    ACTIVITY_EVENTS.forEach((type) => target.removeEventListener(type, onActivity, listenerOptions));
  };

  const timer = setInterval(() => {
    const last = readLastActivity() ?? now();
    if (now() - last > timeoutMs) {
      stop();
      options.onExpire();
    }
  }, options.checkMs ?? INACTIVITY_CHECK_MS);

  return stop;
}
