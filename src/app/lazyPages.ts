import { lazy } from 'react';

/* React.lazy wants a default export; our modules only have named ones. */
export const LoginPage = lazy(() => import('../custom/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() =>
  import('../custom/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const PublicResetPasswordPage = lazy(() =>
  import('../custom/auth/PublicResetPasswordPage').then((m) => ({ default: m.PublicResetPasswordPage })),
);
/**
 * The shell waits for the screens of the page it opens on (downloaded beside it): it then renders
 * that page in one pass, with no spinner in its content area on a cold load.
 */
export const ControlRoom = lazy(async () => {
  const [shell, preload] = await Promise.all([import('../shell/ControlRoom'), import('../shell/preload')]);
  await preload.preloadFirstScreen(window.location.pathname);
  preload.preloadRestWhenIdle();
  return { default: shell.ControlRoom };
});
