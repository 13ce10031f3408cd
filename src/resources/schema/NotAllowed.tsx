import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { LinkButton } from './LinkButton';

/** What a role sees on a route it may not open (e.g. a plain User on /controlroom/user/view). */
export const NotAllowed = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 4, textAlign: 'center' }}>
      <Title title={translate('rpa.schema.notAllowedTitle')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('rpa.schema.notAllowedTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('rpa.schema.notAllowedText')}
      </Typography>
      <LinkButton label="rpa.schema.toDashboard" to="/controlroom" variant="contained" />
    </Box>
  );
};
