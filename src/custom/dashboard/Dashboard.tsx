import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { ROLE } from '../../domain';
import { useSessionUser } from '../session/useSession';
import { useT } from '../i18n/useT';
import { roleLabelKey } from '../roleLabel';

const Row = ({ label, value }: { label: string; value: string }) => (
  <Box component="div" sx={{ display: 'flex', gap: 1, py: 0.5 }}>
    <Typography component="dt" sx={{ fontWeight: 600, minWidth: 120 }}>
      {label}
    </Typography>
    <Typography component="dd" sx={{ m: 0 }}>
      {value}
    </Typography>
  </Box>
);

/** /controlroom: a summary of the signed-in user (the charts come with the reports feature). */
export const Dashboard = () => {
  const t = useT();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('rpa.dashboard.title')} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('rpa.dashboard.welcome', { name: user.fullName })}
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            {t('rpa.dashboard.summary')}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            <Row label={t('rpa.dashboard.fullName')} value={user.fullName} />
            <Row label={t('rpa.dashboard.role')} value={t(roleLabelKey(user.role))} />
            {user.role !== ROLE.superAdmin && user.companyName && (
              <Row label={t('rpa.dashboard.company')} value={user.companyName} />
            )}
            <Row label={t('rpa.dashboard.email')} value={user.email} />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
