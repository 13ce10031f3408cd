import { lazy } from 'react';

/* React.lazy wants a default export; our modules only have named ones. */
export const LoginPage = lazy(() => import('../custom/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
export const ForgotPasswordPage = lazy(() =>
  import('../custom/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const PublicResetPasswordPage = lazy(() =>
  import('../custom/auth/PublicResetPasswordPage').then((m) => ({ default: m.PublicResetPasswordPage })),
);
export const ControlRoom = lazy(() => import('../shell/ControlRoom').then((m) => ({ default: m.ControlRoom })));
