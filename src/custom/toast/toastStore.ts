import type { ReactNode } from 'react';
import { TOAST_MS } from '../../domain/constants';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
/** A button on the toast that leads on from its message (Open the run just started). */
export interface ToastAction {
  /** The button's text, already translated. */
  label: string;
  onClick: () => void;
}
export interface Toast {
  id: number;
  message: ReactNode;
  type: ToastType;
  durationMs: number;
  action?: ToastAction;
}

export const isToastAction = (value: unknown): value is ToastAction =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ToastAction).label === 'string' &&
  typeof (value as ToastAction).onClick === 'function';

/** A toast with a button stays at least this long: time to read it and reach the button. */
export const TOAST_ACTION_MS = 8_000;
/** …and, followed by another toast, this long (not TOAST_MIN_MS): a button is not reached in a second. */
export const TOAST_ACTION_MIN_MS = 3_000;

/** The toast on screen, and how many wait behind it. */
export interface ToastState {
  current: Toast | undefined;
  waiting: number;
}

/**
 * A toast followed by another leaves after this long on screen rather than its whole duration:
 * long enough to be read, short enough that an answer does not wait behind an older message.
 */
export const TOAST_MIN_MS = 1_000;

/**
 * The product's one toast queue, outside react-admin: the public pages use it, the shell's
 * notifications (useNotify) are handed to it (ShellToasts), and so is what must outlive the
 * shell (the 'Session Expired' toast shown while going to '/'). One toast at a time, in order.
 */
let queue: readonly Toast[] = [];
let state: ToastState = { current: undefined, waiting: 0 };
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]): void {
  queue = next;
  state = { current: queue[0], waiting: Math.max(queue.length - 1, 0) };
  listeners.forEach((l) => l());
}

/**
 * A text already on screen or waiting, in the same look, is not queued again: the Run dialog's
 * answer and the live notification of the same new run say the same thing once. A toast with an
 * action button stays long enough to be pressed.
 */
export function showToast(
  message: ReactNode,
  options: { type?: ToastType; durationMs?: number; action?: ToastAction } = {},
): void {
  const { action } = options;
  const type = options.type ?? 'info';
  const durationMs = options.durationMs ?? TOAST_MS;
  const same = queue.find((t) => typeof message === 'string' && t.message === message && t.type === type);
  if (same) {
    // The run's own answer brings the Open button: it replaces a live pop-up that said the same,
    // as a toast of its own (a new id), so the button's time on screen counts from now.
    if (action && !same.action)
      set(
        queue.map((t) =>
          t === same ? { ...t, id: nextId++, action, durationMs: Math.max(t.durationMs, TOAST_ACTION_MS) } : t,
        ),
      );
    return;
  }
  set([
    ...queue,
    {
      id: nextId++,
      message,
      type,
      durationMs: action ? Math.max(durationMs, TOAST_ACTION_MS) : durationMs,
      ...(action ? { action } : {}),
    },
  ]);
}

export function dismissToast(id: number): void {
  if (queue.some((t) => t.id === id)) set(queue.filter((t) => t.id !== id));
}

/** A stable snapshot (for useSyncExternalStore): a new object only when the queue changes. */
export const toastState = (): ToastState => state;
export const currentToast = (): Toast | undefined => state.current;

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget every toast. */
export function clearToasts(): void {
  set([]);
}
