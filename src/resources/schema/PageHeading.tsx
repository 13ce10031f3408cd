import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';

/**
 * The page's one h1 (also the app bar's title), and room for actions beside it. A title too
 * long for the width ends in an ellipsis, both here and in the app bar, and shows whole as a
 * tooltip (title attribute); the actions wrap below it.
 */
export const PageHeading = ({ title, actions }: { title: string; actions?: ReactNode }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 2, mb: 1 }}>
    {/* No preference key: react-admin's configurable title wraps it in an inline-block, which never shows an
       ellipsis. */}
    <Title title={<span title={title}>{title}</span>} preferenceKey={false} />
    <Typography variant="h5" component="h1" noWrap title={title} sx={{ flex: '1 1 12rem', minWidth: 0 }}>
      {title}
    </Typography>
    {actions}
  </Box>
);
