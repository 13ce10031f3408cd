import type { AuthProvider, UserIdentity } from 'ra-core';
import { canUserAccess } from './permissions';
import { login } from './login';
import { performLogout } from './logout';
import { getSessionUser, getToken } from './session';
import { isTokenExpired } from './jwt';

/**
 * A rejection that sends the user to the top-level '/': the Admin lives under /controlroom,
 * but react-router's navigate('/') is absolute to our router, whose basename is ''.
 */
const toHome = () => ({ redirectTo: '/', message: false as const, logoutUser: true });

export const authProvider: AuthProvider = {
  login: async (params: { email: string; password: string }) => {
    const { redirectTo } = await login(params.email, params.password);
    return { redirectTo };
  },
  logout: async () => {
    performLogout();
    return '/';
  },
  checkAuth: async () => {
    const token = getToken();
    if (!token) throw toHome();
    if (isTokenExpired(token)) {
      performLogout();
      throw toHome();
    }
  },
  checkError: async (error: unknown) => {
    const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
    if (status === 401) {
      performLogout();
      throw toHome();
    }
  },
  getIdentity: async (): Promise<UserIdentity> => {
    const user = getSessionUser();
    if (!user) throw toHome();
    return {
      id: user.id,
      fullName: user.fullName,
      avatar: undefined,
      email: user.email,
      companyName: user.companyName,
      role: user.role,
    };
  },
  getPermissions: async () => {
    const user = getSessionUser();
    return user
      ? { role: user.role, companyId: user.companyId, enabledEmailSchedule: user.enabledEmailSchedule }
      : undefined;
  },
  canAccess: async (params) => {
    const user = getSessionUser();
    return user ? canUserAccess(user, params) : false;
  },
};
