import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isTokenExpired } from '../authProvider/jwt';
import { logoutRedirect, performLogout } from '../authProvider/logout';
import { useSessionToken } from '../custom/session/useSession';

/**
 * Leaves the shell as soon as the session disappears — logout here or in another tab, a 401,
 * an expired token — for the top-level '/' (react-admin's own redirects are relative to its basename).
 */
export const SessionGuard = ({ children }: { children: ReactNode }) => {
  const token = useSessionToken();
  const expired = token !== null && isTokenExpired(token);
  useEffect(() => {
    if (expired) performLogout();
  }, [expired]);
  if (!token || expired) return <Navigate to={logoutRedirect()} replace />;
  return children;
};
