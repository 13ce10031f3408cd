import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canAccessRoute } from '../domain';
import { useSessionUser } from '../custom/session/useSession';

/** Role rules for custom routes: a route the role may not open goes to the dashboard. */
export const RequireRoute = ({ children }: { children: ReactNode }) => {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!user) return null;
  return canAccessRoute(user, pathname) ? children : <Navigate to="/controlroom" replace />;
};
