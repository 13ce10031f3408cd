import { useEffect } from 'react';
import { useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import { isToastAction, showToast } from './toastStore';
import { toastTypeOf } from './toastType';

/**
 * The control room's `notification`: what react-admin's useNotify asks for goes to the app's
 * one toaster (Toaster), so every toast of the product has one look and one duration and
 * shows one at a time, on the public pages and in the shell alike. Renders nothing itself.
 */
export const ShellToasts = () => {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  useEffect(() => {
    if (notifications.length === 0) return;
    for (const { message, type, notificationOptions = {} } of notifications) {
      // `action` (a ToastAction) puts a button on the toast: notify(message, { action }).
      const { messageArgs, autoHideDuration, action } = notificationOptions;
      showToast(typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message, {
        type: toastTypeOf(message, type),
        durationMs: typeof autoHideDuration === 'number' ? autoHideDuration : TOAST_MS,
        action: isToastAction(action) ? action : undefined,
      });
    }
    // Only the ones handed over: a notification added meanwhile waits for the next run.
    const taken = new Set<NotificationPayload>(notifications);
    setNotifications((current) => current.filter((n) => !taken.has(n)));
  }, [notifications, setNotifications, translate]);
  return null;
};
