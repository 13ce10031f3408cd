import { Box, Chip, Tooltip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import type { WatchState } from '../../domain/declarations/emailConfigurations';

type MailRow = { watchState?: WatchState; watchError?: string | null; lastCheckedAt?: string | null };

const COLOR: Record<WatchState, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  stopped: 'default',
  connecting: 'info',
  watching: 'success',
  retrying: 'warning',
  failing: 'error',
};

/**
 * A mailbox's live health, as the watcher last wrote it: its state (the reason beside it when it
 * retries or fails) and when it was last checked successfully. The list refetches on the
 * watcher's `emailConfigurationChanged` notification.
 */
export const HealthValue = () => {
  const record = useRecordContext<MailRow>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record?.watchState) return null;
  const state = record.watchState;
  const checked = record.lastCheckedAt
    ? new Date(record.lastCheckedAt).toLocaleString(locale)
    : translate('resources.emailConfigurations.neverChecked');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="mail-health">
      <Tooltip title={record.watchError ?? ''}>
        <Chip
          size="small"
          color={COLOR[state]}
          variant={state === 'stopped' ? 'outlined' : 'filled'}
          label={translate(`resources.emailConfigurations.choices.watchState.${state}`)}
          sx={{ alignSelf: 'flex-start' }}
        />
      </Tooltip>
      {record.watchError ? (
        <Box component="span" sx={{ fontSize: 12, color: 'error.main' }}>
          {record.watchError}
        </Box>
      ) : null}
      <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
        {translate('resources.emailConfigurations.fields.lastCheckedAt')}: {checked}
      </Box>
    </Box>
  );
};
