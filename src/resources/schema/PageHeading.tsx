import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The page's one h1 (also the app bar's title), and room for actions beside it. */
export const PageHeading = ({ title, actions }: { title: string; actions?: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}>
    <Title title={title} />
    <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
      {title}
    </Typography>
    {actions}
  </Box>
);
