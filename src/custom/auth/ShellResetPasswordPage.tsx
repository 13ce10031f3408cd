import { useCallback, useEffect, useState } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { isFirstLogin, setResetToken } from '../../authProvider/session';
import { performLogout } from '../../authProvider/logout';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { useT } from '../i18n/useT';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /controlroom/account/reset-password[?token=…]: change the password while signed in. */
export const ShellResetPasswordPage = () => {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const { setDirty } = useUnsavedChanges();
  // Decided once: storing the token must not make the old-password field disappear mid-typing.
  const [requireOld] = useState(() => !token && !isFirstLogin());

  useEffect(() => {
    if (token) setResetToken(token);
  }, [token]);
  useEffect(() => () => setDirty(false), [setDirty]);

  // After a logged-in reset, log out and sign in again with the new password.
  const onDone = useCallback(() => performLogout({ redirectTo: '/login' }), []);

  return (
    <Card sx={{ mt: 2, maxWidth: 480 }}>
      <Title title={t('rpa.reset.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('rpa.reset.title')}
        </Typography>
        <ResetPasswordForm requireOldPassword={requireOld} onDone={onDone} onDirtyChange={setDirty} />
      </CardContent>
    </Card>
  );
};
