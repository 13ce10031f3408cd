import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { check, emailRules, required } from '../../domain';
import { login } from '../../authProvider/login';
import { isLoggedIn } from '../../authProvider/session';
import { isHttpError } from '../../dataProvider/httpError';
import { useT } from '../i18n/useT';
import { translateServerMessage } from '../i18n/serverMessage';
import { AuthLayout } from './AuthLayout';

interface LoginValues {
  email: string;
  password: string;
}
const passwordRequired = [required('passwordRequired')];

export const LoginPage = () => {
  const t = useT();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  // A session that was there when the page opened goes to the shell. The one this page's own
  // sign-in creates goes where the sign-in says (a first login to the password reset): the form
  // re-renders while it submits, after the session is saved and before that navigation.
  const [signedInAlready] = useState(isLoggedIn);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  if (signedInAlready) return <Navigate to="/controlroom" replace />;

  const submit = handleSubmit(async ({ email, password }) => {
    setFailure(undefined);
    try {
      const { redirectTo } = await login(email.trim(), password);
      void navigate(redirectTo);
    } catch (error) {
      const known = isHttpError(error) && error.status > 0 && error.status < 500 && error.message;
      setFailure(known ? translateServerMessage(error.message, t) : t('rpa.messages.somethingWentWrong'));
    }
  });

  const email = register('email', {
    validate: (v) => {
      const k = check(v, emailRules);
      return k ? t(`rpa.messages.${k}`) : true;
    },
  });
  const password = register('password', {
    validate: (v) => {
      const k = check(v, passwordRequired);
      return k ? t(`rpa.messages.${k}`) : true;
    },
  });

  return (
    <AuthLayout title={t('rpa.login.title')}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <TextField
          {...email}
          inputRef={email.ref}
          id="login-email"
          label={t('rpa.login.email')}
          type="email"
          autoComplete="username"
          fullWidth
          margin="normal"
          autoFocus
          error={Boolean(formState.errors.email)}
          helperText={formState.errors.email?.message ?? ' '}
        />
        <TextField
          {...password}
          inputRef={password.ref}
          id="login-password"
          label={t('rpa.login.password')}
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message ?? ' '}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={formState.isSubmitting}>
          {t('rpa.login.submit')}
        </Button>
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/account/forgot-password">
            {t('rpa.login.forgot')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
};
