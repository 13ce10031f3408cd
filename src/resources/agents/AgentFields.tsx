import { Box, Chip, Link } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { isAgentConnected } from '../../domain';
import { agents, processes } from '../../domain/declarations';
import { shortId, WARNING_CHIP_SX } from '../processes/ProcessFields';
import { showPathOf, useChoiceLabel, useFieldLabel, type SchemaInputProps } from '../schema';

/**
 * Connected / Disconnected: a dot and its word (an agent's socket state). The word carries the
 * meaning, so the colour is never the only cue; lists refresh on every agent notification.
 */
export const AgentStatusValue = () => {
  const record = useRecordContext();
  const choiceLabel = useChoiceLabel(agents);
  if (typeof record?.status !== 'number') return <>—</>;
  const connected = isAgentConnected(record.status);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        aria-hidden
        data-testid="agent-status-dot"
        data-connected={connected}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: connected ? 'success.main' : 'transparent',
          border: 2,
          borderColor: connected ? 'success.main' : 'text.secondary',
        }}
      />
      {choiceLabel('status', record.status)}
    </Box>
  );
};

type WorkRecord = { currentProcessId?: string | null; currentBotName?: string | null; queueLength?: number | null };

/**
 * Now running: the bot of the process the agent runs, linking to the process's details (its
 * short id on hover), or Idle; then how many runs wait in its queue. This is the agent's work,
 * not the admin's reservation (its own column).
 */
export const CurrentProcessValue = () => {
  const record = useRecordContext<WorkRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const id = record.currentProcessId;
  const waiting = record.queueLength ?? 0;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1 }}>
      {id ? (
        <Link component={RouterLink} to={showPathOf(processes, id)} title={shortId(id)}>
          {record.currentBotName ?? shortId(id)}
        </Link>
      ) : (
        <span>{translate('resources.agents.idle')}</span>
      )}
      {waiting > 0 && (
        <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {translate('resources.agents.waiting', { smart_count: waiting })}
        </Box>
      )}
    </Box>
  );
};

/**
 * Reserved by admin: Yes or No. An admin's flag that keeps runs off the agent, whatever it is
 * doing; what it runs is the Now running column.
 */
export const BusyValue = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.isBusy === true ? (
    <Chip size="small" sx={WARNING_CHIP_SX} label={translate('resources.agents.reserved')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('resources.agents.notReserved')} />
  );
};

/** In error, or nothing to say. */
export const ErrorValue = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.isError === true ? (
    <Chip size="small" color="error" label={translate('resources.agents.inError')} />
  ) : (
    <>—</>
  );
};

/** The agent's user: someone of the agent's company (the server refuses anyone else). */
export const AgentUserInput = ({ def, name }: SchemaInputProps) => {
  const label = useFieldLabel(def)(name);
  const record = useRecordContext<{ companyId?: string | null }>();
  const companyId = record?.companyId;
  return (
    <ReferenceInput
      source={name}
      reference="users"
      filter={companyId ? { companyId } : {}}
      sort={{ field: 'fullName', order: 'ASC' }}
      perPage={100}
    >
      <AutocompleteInput label={label} optionText="fullName" fullWidth />
    </ReferenceInput>
  );
};
