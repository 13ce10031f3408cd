import { lazy, Suspense } from 'react';
import { Spinner } from '../../app/Spinner';

// The charts (@nivo) and the page load on their own, when the dashboard is first shown: never
// with the shell.
const DashboardPage = lazy(() => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })));

/** /controlroom: the dashboard, loaded lazily. */
export const Dashboard = () => (
  <Suspense fallback={<Spinner />}>
    <DashboardPage />
  </Suspense>
);
