import { Alert, AlertTitle, Box, LinearProgress, Skeleton } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { useListContext, useTranslate } from 'react-admin';
import { LabelledButton } from './LabelledButton';
import { errorText } from './useServerError';

const SKELETON_ROWS = 5;

/**
 * The list area while its first page loads: a labelled progress bar and grey rows where the
 * records will be (the toolbar and filters above stay usable).
 */
export const ListLoading = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <LinearProgress aria-label={translate('rpa.schema.loadingList')} sx={{ mb: 2 }} />
      <Box aria-hidden>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={32} sx={{ mb: 1, opacity: 1 - i * 0.15 }} />
        ))}
      </Box>
    </Box>
  );
};

/**
 * A list whose request failed says so, with the server's message and Retry: never the empty
 * state ("No bots yet") nor a total it does not know.
 */
export const ListError = () => {
  const translate = useTranslate();
  const { error, refetch, isFetching } = useListContext();
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          <LabelledButton
            label="rpa.schema.retry"
            icon={<Refresh />}
            onClick={() => void refetch()}
            disabled={isFetching}
            color="inherit"
          />
        }
      >
        <AlertTitle>{translate('rpa.schema.listError')}</AlertTitle>
        {translate(errorText(error), { _: errorText(error) })}
      </Alert>
    </Box>
  );
};
