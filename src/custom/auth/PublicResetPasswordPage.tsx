import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isFirstLogin, isLoggedIn, setResetToken } from '../../authProvider/session';
import { performLogout } from '../../authProvider/logout';
import { useT } from '../i18n/useT';
import { AuthLayout } from './AuthLayout';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /account/reset-password[?token=…]: the mailed link's page (the token is the reset-token). */
export const PublicResetPasswordPage = () => {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  // Read once: the token is stored by the effect below, which must not change the form's fields.
  const [loggedIn] = useState(() => isLoggedIn() && !token);

  useEffect(() => {
    if (token) setResetToken(token);
  }, [token]);

  const onDone = useCallback(() => {
    if (loggedIn) performLogout();
    else setResetToken(null);
    void navigate('/login', { replace: true });
  }, [loggedIn, navigate]);

  return (
    <AuthLayout title={t('rpa.reset.title')}>
      <ResetPasswordForm requireOldPassword={loggedIn && !isFirstLogin()} onDone={onDone} />
    </AuthLayout>
  );
};
