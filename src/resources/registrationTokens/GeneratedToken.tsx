import { Alert, Button, DialogActions, DialogContent, TextField, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { useLocaleState, useTranslate } from 'react-admin';
import { registrationTokens } from '../../domain/declarations';
import { useBusyAction, useFieldLabel } from '../schema';
import { downloadRegistrationFile, useCopyToken } from './TokenActions';

/** A token as POST /registrationToken/generate answers it: its value is shown this once. */
export interface GeneratedTokenRecord {
  id: string;
  token: string;
  type?: string;
  reusable?: boolean;
  expiresAt?: string | null;
}

/**
 * The token just generated: its value to copy, whether it registers one machine or many and
 * until when, and its registration file, which the agent's command reads, to download now.
 */
export const GeneratedToken = ({ created, onClose }: { created: GeneratedTokenRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const label = useFieldLabel(registrationTokens);
  const copy = useCopyToken();
  const { busy, run } = useBusyAction();
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.registrationTokens.${key}`, values);
  const expiry = created.expiresAt
    ? t('expiresOn', { date: new Date(created.expiresAt).toLocaleString(locale) })
    : t('neverExpires');
  return (
    <>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('generated')}
        </Alert>
        <TextField label={label('token')} value={created.token} fullWidth slotProps={{ input: { readOnly: true } }} />
        <Typography sx={{ mt: 2 }}>
          {t(created.reusable ? 'usage.reusable' : 'usage.singleUse')} {expiry}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
          {t('downloadHelp')}
        </Typography>
      </DialogContent>
      {/* Text buttons at every width: react-admin's Button shrinks to its icon on a phone. */}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => void run(() => downloadRegistrationFile(created.id, created.type))}
          startIcon={<Download />}
          disabled={busy}
          variant="contained"
        >
          {t('downloadFile')}
        </Button>
        <Button onClick={() => void copy(created.token)} variant="outlined">
          {t('copy')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </>
  );
};
