import { lazy } from 'react';
import { preloadable } from './preloadable';

/* React.lazy wants a default export; our modules only have named ones. */
export const LoginPage = lazy(() => import('../custom/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() =>
  import('../custom/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const PublicResetPasswordPage = lazy(() =>
  import('../custom/auth/PublicResetPasswordPage').then((m) => ({ default: m.PublicResetPasswordPage })),
);

/**
 * The control room's shell, with the screens of the page it opens on (downloaded beside it): it
 * then renders that page in one pass, with no spinner in its content area on a cold load. The
 * entry waits for it before its first render on a control room address (src/main.tsx): a
 * component that suspended there would show the spinner, and React holds the page revealed after
 * a fallback back until 300 ms after that fallback appeared.
 */
export const controlRoom = preloadable(async () => {
  const [shell, preload] = await Promise.all([import('../shell/ControlRoom'), import('../shell/preload')]);
  preload.prefetchFirstList(window.location);
  await preload.preloadFirstScreen(window.location.pathname);
  preload.preloadRestWhenIdle();
  return shell.ControlRoom;
});
export const ControlRoom = controlRoom.Component;
