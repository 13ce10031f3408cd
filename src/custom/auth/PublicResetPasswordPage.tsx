import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Link } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { getResetToken, isFirstLogin, isLoggedIn, setResetToken } from '../../authProvider/session';
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
  // Without a link's token (nor one kept from it) and signed out, nothing could be changed: said at once.
  const [withoutLink] = useState(() => !token && !loggedIn && !getResetToken());

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
      {withoutLink ? (
        <>
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('rpa.messages.resetLinkInvalid')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to="/account/forgot-password">
              {t('rpa.reset.newLink')}
            </Link>
            <Link component={RouterLink} to="/login">
              {t('rpa.forgot.backToLogin')}
            </Link>
          </Box>
        </>
      ) : (
        <ResetPasswordForm requireOldPassword={loggedIn && !isFirstLogin()} onDone={onDone} />
      )}
    </AuthLayout>
  );
};
