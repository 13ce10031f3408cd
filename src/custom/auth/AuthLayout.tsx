import type { ReactNode } from 'react';
import { Box, Card, CardContent, ThemeProvider, Typography, createTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../brand/Logo';
import { BRAND } from '../theme/palette';
import { motionComponents } from '../theme/motion';
import { useT } from '../i18n/useT';

const theme = createTheme({
  palette: {
    primary: { main: BRAND.primary },
    secondary: { main: BRAND.secondary },
    error: { main: BRAND.error },
  },
  components: motionComponents,
});

/** The frame of the sign-in and password pages outside the shell. */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const t = useT();
  return (
    <ThemeProvider theme={theme}>
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: '#eef2f8',
          p: 2,
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 420 }}>
          <CardContent sx={{ p: 4 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
              <RouterLink to="/" aria-label={t('rpa.login.backHome')}>
                <Logo size={40} />
              </RouterLink>
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
            </Box>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
};
