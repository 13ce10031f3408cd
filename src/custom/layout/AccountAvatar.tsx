import { useState } from 'react';
import { Avatar, Box, ClickAwayListener, IconButton, Tooltip } from '@mui/material';
import { ROLE } from '../../domain';
import { useSessionUser } from '../session/useSession';
import { useT } from '../i18n/useT';
import { initials } from './initials';

/** Initials avatar; its tooltip shows full name, e-mail and company (not for Super Admin). */
export const AccountAvatar = () => {
  const t = useT();
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const shown = initials(user.fullName);
  const details = (
    <Box sx={{ p: 0.5 }}>
      <div>{user.fullName}</div>
      <div>{user.email}</div>
      {user.role !== ROLE.superAdmin && user.companyName && <div>{user.companyName}</div>}
    </Box>
  );
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <span>
        <Tooltip
          title={details}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          arrow
          describeChild
        >
          {/* The name starts with the initials the button shows, so a user who speaks what they see
             (voice control) can press it; "Account" says what it opens. */}
          <IconButton
            aria-label={t('rpa.header.account', { initials: shown })}
            onClick={() => setOpen(!open)}
            size="small"
            sx={{ mx: 0.5 }}
          >
            <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 14 }}>{shown}</Avatar>
          </IconButton>
        </Tooltip>
      </span>
    </ClickAwayListener>
  );
};
