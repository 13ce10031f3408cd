import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Box, Button, TextField, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { RESET_REDIRECT_MS, check, passwordRules, required, type Rule } from '../../domain';
import { apiFetch } from '../../dataProvider/apiFetch';
import { badRequestMessage } from '../../dataProvider/httpError';
import { showToast } from '../toast/toastStore';
import { useT } from '../i18n/useT';
import { translateServerMessage } from '../i18n/serverMessage';

export interface ResetValues {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}
const EMPTY: ResetValues = { oldPassword: '', newPassword: '', confirmNewPassword: '' };
const oldPasswordRules: readonly Rule[] = [required('oldPasswordRequired')];

export interface ResetPasswordFormProps {
  /** The old password is asked only when logged in and not on first login. */
  requireOldPassword: boolean;
  /** Runs RESET_REDIRECT_MS after the success check icon appears. */
  onDone: () => void;
  /** Reports whether the form has unsaved input (the shell's discard dialog). */
  onDirtyChange?: (dirty: boolean) => void;
}

export const ResetPasswordForm = ({ requireOldPassword, onDone, onDirtyChange }: ResetPasswordFormProps) => {
  const t = useT();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, control, formState } = useForm<ResetValues>({
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  const confirm = useWatch({ control, name: 'confirmNewPassword' });
  const matching = newPassword !== '' && confirm !== '' && newPassword === confirm;
  const mismatch = confirm !== '' && newPassword !== confirm;

  useEffect(() => onDirtyChange?.(formState.isDirty && !done), [formState.isDirty, done, onDirtyChange]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const validator = (rules: readonly Rule[]) => (value: string) => {
    const key = check(value, rules);
    return key ? t(`rpa.messages.${key}`) : true;
  };

  const submit = handleSubmit(async (values) => {
    const body = {
      ...(requireOldPassword ? { oldPassword: values.oldPassword } : {}),
      newPassword: values.newPassword,
      confirmNewPassword: values.confirmNewPassword,
    };
    try {
      await apiFetch<{ message: string }>('/account/reset-password', { method: 'POST', body });
      setDone(true);
    } catch (error) {
      const message = badRequestMessage(error);
      showToast(message ? translateServerMessage(message, t) : t('rpa.messages.somethingWentWrong'), { type: 'error' });
    }
  });

  if (done) {
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
        <CheckCircle color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h6">{t('rpa.messages.passwordReset')}</Typography>
        <Typography color="text.secondary">{t('rpa.reset.redirecting')}</Typography>
      </Box>
    );
  }

  const oldField = register('oldPassword', { validate: requireOldPassword ? validator(oldPasswordRules) : undefined });
  const newField = register('newPassword', { validate: validator(passwordRules), deps: ['confirmNewPassword'] });
  const confirmField = register('confirmNewPassword');
  const confirmHelp = mismatch ? t('rpa.messages.passwordsNotMatching') : undefined;

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      {requireOldPassword && (
        <TextField
          {...oldField}
          inputRef={oldField.ref}
          id="reset-old-password"
          label={t('rpa.reset.oldPassword')}
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          error={Boolean(formState.errors.oldPassword)}
          helperText={formState.errors.oldPassword?.message ?? ' '}
        />
      )}
      <TextField
        {...newField}
        inputRef={newField.ref}
        id="reset-new-password"
        label={t('rpa.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={Boolean(formState.errors.newPassword)}
        helperText={formState.errors.newPassword?.message ?? t('rpa.reset.rules')}
      />
      <TextField
        {...confirmField}
        inputRef={confirmField.ref}
        id="reset-confirm-password"
        label={t('rpa.reset.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        fullWidth
        margin="normal"
        error={mismatch}
        helperText={confirmHelp ?? ' '}
      />
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={!matching || formState.isSubmitting}>
        {t('rpa.common.submit')}
      </Button>
    </Box>
  );
};
