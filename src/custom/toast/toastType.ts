import type { ToastType } from './toastStore';

/**
 * react-admin announces a saved, created or deleted record as an 'info' notification
 * (`resources.<name>.notifications.created`, `ra.notification.updated`…) where our own screens
 * announce the same outcome as a success: a success has one look, whoever says it.
 */
const SUCCESS_KEY = /^(?:resources\.[\w-]+\.notifications|ra\.notification)\.(?:created|updated|deleted)$/;

export const toastTypeOf = (message: unknown, type: ToastType | undefined): ToastType => {
  const given = type ?? 'info';
  return given === 'info' && typeof message === 'string' && SUCCESS_KEY.test(message) ? 'success' : given;
};
