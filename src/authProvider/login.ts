import type { Envelope, LoginPayload } from '../domain';
import { apiFetch } from '../dataProvider/apiFetch';
import { saveLogin } from './session';

export const SHELL_HOME = '/controlroom';
export const SHELL_RESET_PASSWORD = '/controlroom/account/reset-password';

/** Signs in and stores the session; answers where to go next (a first login goes to the password reset). */
export async function login(email: string, password: string): Promise<{ redirectTo: string; payload: LoginPayload }> {
  const res = await apiFetch<Envelope<LoginPayload>>('/user/login', {
    method: 'POST',
    body: { email, password },
    skipUnauthorizedHandling: true,
  });
  saveLogin(res.payload);
  return { redirectTo: res.payload.isFirstLogin ? SHELL_RESET_PASSWORD : SHELL_HOME, payload: res.payload };
}
