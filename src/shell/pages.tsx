import { Suspense, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { Spinner } from '../app/Spinner';
import { preloadable, type Preloadable } from '../app/preloadable';
import { SHELL_BASE } from '../domain/screens';

/** A page downloaded with its route; the spinner holds the content area meanwhile, the layout stays. */
const withSpinner = (Page: ComponentType) => {
  const Lazy = () => (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
  return Lazy;
};

const dashboard = preloadable(() => import('../custom/dashboard/Dashboard').then((m) => m.Dashboard));
const userDetails = preloadable(() => import('../custom/profile/UserDetails').then((m) => m.UserDetails));
const historyLogs = preloadable(() => import('../resources/processHistory/HistoryLogs').then((m) => m.HistoryLogs));
const shellResetPassword = preloadable(() =>
  import('../custom/auth/ShellResetPasswordPage').then((m) => m.ShellResetPasswordPage),
);

/** The shell's bespoke pages, each its own chunk (the dashboard's charts never join the first load). */
export const LazyDashboard = withSpinner(dashboard.Component);
export const LazyUserDetails = withSpinner(userDetails.Component);
export const LazyHistoryLogs = withSpinner(historyLogs.Component);
export const LazyShellResetPasswordPage = withSpinner(shellResetPassword.Component);

/** Browser paths of the pages above (ControlRoom.tsx routes them at the same paths). */
const PAGES: readonly [string, Preloadable<object>][] = [
  [SHELL_BASE, dashboard],
  [`${SHELL_BASE}/profile/userdetails`, userDetails],
  [`${SHELL_BASE}/process/logs`, historyLogs],
  [`${SHELL_BASE}/account/reset-password`, shellResetPassword],
];

/** Starts downloading the bespoke page at `pathname`, if it is one; settles when it is there. */
export function preloadPageAt(pathname: string): Promise<unknown> {
  const page = PAGES.find(([path]) => matchPath(path, pathname) !== null)?.[1];
  return page ? page.preload() : Promise.resolve();
}

/** Starts downloading every bespoke page. */
export const preloadPages = (): Promise<unknown> => Promise.all(PAGES.map(([, page]) => page.preload()));
