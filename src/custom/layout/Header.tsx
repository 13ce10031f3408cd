import { ButtonBase, Typography } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal } from 'react-admin';
import { Logo } from '../brand/Logo';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { useT } from '../i18n/useT';
import { AccountAvatar } from './AccountAvatar';
import { HelpButton } from './HelpButton';
import { UserMenuButton } from './UserMenuButton';

const HeaderToolbar = () => (
  <>
    <LoadingIndicator />
    <HelpButton />
    <AccountAvatar />
  </>
);

/** The shell's AppBar: logo, page title, help, initials avatar and the menu. */
export const Header = () => {
  const t = useT();
  const { requestNavigation } = useUnsavedChanges();
  return (
    <AppBar color="primary" toolbar={<HeaderToolbar />} userMenu={<UserMenuButton />}>
      <ButtonBase
        aria-label={t('rpa.header.logo')}
        onClick={() => requestNavigation('/controlroom')}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, borderRadius: 1, p: 0.5 }}
      >
        <Logo size={30} />
        <Typography component="span" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}>
          {t('rpa.app.name')}
        </Typography>
      </ButtonBase>
      {/* The title takes the room left and ends in an ellipsis: react-admin's configurable title is an inline-block,
         which would be cut without one. */}
      <TitlePortal sx={{ minWidth: 0, '& .RaConfigurable-root': { display: 'inline' } }} />
    </AppBar>
  );
};
