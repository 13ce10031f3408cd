// ra-core imports react-router-dom; importing the same entry everywhere keeps one router context (tests load them
// natively).
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../custom/home/HomePage';
import { NotFound } from '../custom/notfound/NotFound';
import { ControlRoom, ForgotPasswordPage, LoginPage, PublicResetPasswordPage } from './lazyPages';
import { RootLayout } from './RootLayout';

/** The top-level routes. Paths match exactly unless they end in `/*`. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/controlroom/*', element: <ControlRoom /> },
      { path: '/account/reset-password', element: <PublicResetPasswordPage /> },
      { path: '/account/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/404', element: <NotFound /> },
      { path: '/notfound', element: <NotFound /> },
      { path: '*', element: <Navigate to="/notfound" replace /> },
    ],
  },
];

/** A data router, so react-admin's unsaved-changes blocker (useBlocker) works inside the shell. */
export const createAppRouter = () => createBrowserRouter(routes);
