import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Box, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { check, simpleEmailRules } from '../../domain';
import { apiFetch } from '../../dataProvider/apiFetch';
import { badRequestMessage } from '../../dataProvider/httpError';
import { showToast } from '../toast/toastStore';
import { useT } from '../i18n/useT';
import { translateServerMessage } from '../i18n/serverMessage';
import { AuthLayout } from './AuthLayout';

type Step = 'form' | 'waiting' | 'sent';

export const ForgotPasswordPage = () => {
  const t = useT();
  const [step, setStep] = useState<Step>('form');
  const [sentText, setSentText] = useState('');
  const { register, handleSubmit, getValues, formState } = useForm<{ email: string }>({
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const send = async (email: string) => {
    setStep('waiting');
    try {
      const res = await apiFetch<{ message: string }>('/account/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setSentText(translateServerMessage(res.message || 'The link has been sent to your registered email!', t));
      setStep('sent');
    } catch (error) {
      const message = badRequestMessage(error);
      showToast(message ? translateServerMessage(message, t) : t('rpa.messages.somethingWentWrong'), { type: 'error' });
      setStep('form');
    }
  };
  const submit = handleSubmit(({ email }) => send(email));
  const email = register('email', {
    validate: (v) => {
      const k = check(v, simpleEmailRules);
      return k ? t(`rpa.messages.${k}`) : true;
    },
  });

  return (
    <AuthLayout title={t('rpa.forgot.title')}>
      {step === 'waiting' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('rpa.forgot.waiting')}</Typography>
        </Box>
      )}
      {step === 'sent' && (
        <Box>
          <Typography role="status" sx={{ mb: 3 }}>
            {sentText}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void send(getValues('email'))}>
              {t('rpa.forgot.sendAgain')}
            </Button>
            <Link component={RouterLink} to="/login">
              {t('rpa.forgot.backToLogin')}
            </Link>
          </Box>
        </Box>
      )}
      {step === 'form' && (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <Typography sx={{ mb: 1 }}>{t('rpa.forgot.intro')}</Typography>
          <TextField
            {...email}
            inputRef={email.ref}
            id="forgot-email"
            label={t('rpa.forgot.email')}
            type="email"
            autoComplete="email"
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message ?? ' '}
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }}>
            {t('rpa.common.submit')}
          </Button>
          <Box sx={{ mt: 2, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {t('rpa.forgot.backToLogin')}
            </Link>
          </Box>
        </Box>
      )}
    </AuthLayout>
  );
};
