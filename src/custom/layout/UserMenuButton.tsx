import { useState } from 'react';
import { Box, Button, Divider, IconButton, Popover, Typography } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import { useLocaleState, useLogout } from 'react-admin';
import { APP_VERSION } from '../../domain';
import { LANGUAGES } from '../../../i18n/language';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { useT } from '../i18n/useT';

export const SHELL_RESET_PASSWORD_PATH = '/controlroom/account/reset-password';

/** The header menu: reset password, logout, language, version. */
export const UserMenuButton = () => {
  const t = useT();
  const logout = useLogout();
  const [locale, setLocale] = useLocaleState();
  const { requestNavigation } = useUnsavedChanges();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('rpa.header.menu')}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('rpa.header.menu') } }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', p: 1, minWidth: 220 }}>
          <Button
            startIcon={<LockReset />}
            sx={{ justifyContent: 'flex-start' }}
            onClick={() => {
              close();
              requestNavigation(SHELL_RESET_PASSWORD_PATH);
            }}
          >
            {t('rpa.header.resetPassword')}
          </Button>
          <Button
            startIcon={<Logout />}
            sx={{ justifyContent: 'flex-start' }}
            onClick={() => {
              close();
              void logout();
            }}
          >
            {t('rpa.header.logout')}
          </Button>
          <Divider sx={{ my: 1 }} />
          <Typography variant="caption" id="language-label" sx={{ px: 1 }}>
            {t('rpa.header.language')}
          </Typography>
          <Box role="group" aria-labelledby="language-label" sx={{ display: 'flex', gap: 1, px: 1, py: 0.5 }}>
            {LANGUAGES.map((l) => (
              <Button
                key={l.locale}
                size="small"
                variant={locale === l.locale ? 'contained' : 'outlined'}
                aria-pressed={locale === l.locale}
                lang={l.locale}
                onClick={() => setLocale(l.locale)}
              >
                {l.name}
              </Button>
            ))}
          </Box>
          <Divider sx={{ my: 1 }} />
          <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
            {t('rpa.app.version', { version: APP_VERSION })}
          </Typography>
        </Box>
      </Popover>
    </>
  );
};
