import { TOAST_MS } from '../../domain/constants';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  durationMs: number;
}

/**
 * A toast queue that lives outside react-admin: the public pages use it, and so does the
 * shell for what must outlive it (the 'Session Expired' toast shown while going to '/').
 * One toast at a time (spec §9), each closing after its duration.
 */
let queue: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(message: string, options: { type?: ToastType; durationMs?: number } = {}): void {
  queue = [...queue, { id: nextId++, message, type: options.type ?? 'info', durationMs: options.durationMs ?? TOAST_MS }];
  emit();
}

export function dismissToast(id: number): void {
  queue = queue.filter((t) => t.id !== id);
  emit();
}

export const currentToast = (): Toast | undefined => queue[0];

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget queued toasts. */
export function clearToasts(): void {
  queue = [];
  emit();
}
