import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Typography,
} from '@mui/material';
import HelpOutline from '@mui/icons-material/HelpOutline';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';
import { usePublicConfig } from '../config/usePublicConfig';
import { useT } from '../i18n/useT';

/** Help popup: the user manual (when one is configured) and the support e-mail with a copy button. */
export const HelpButton = () => {
  const t = useT();
  const notify = useNotify();
  const config = usePublicConfig();
  const [open, setOpen] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(config.supportEmail);
      notify('rpa.messages.copied', { type: 'success' });
    } catch {
      notify('rpa.messages.copyFailed', { type: 'error' });
    }
  };

  return (
    <>
      <IconButton color="inherit" aria-label={t('rpa.header.help')} onClick={() => setOpen(true)}>
        <HelpOutline />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="help-title" fullWidth maxWidth="xs">
        <DialogTitle id="help-title">{t('rpa.header.helpTitle')}</DialogTitle>
        <DialogContent>
          {/* Without USER_MANUAL_URL there is no manual to open: a line that leads nowhere is left out. */}
          {config.userManualUrl && (
            <Typography gutterBottom sx={{ mb: 2 }}>
              <Link href={config.userManualUrl} target="_blank" rel="noopener noreferrer">
                {t('rpa.header.userManual')}
              </Link>
            </Typography>
          )}
          <Typography variant="subtitle2" component="h3">
            {t('rpa.header.supportEmail')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>
            <Button size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
              {t('rpa.header.copy')}
            </Button>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('rpa.common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
