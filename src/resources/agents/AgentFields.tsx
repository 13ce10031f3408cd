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

/** The process the agent runs now, as its short id linking to its details; a dash when idle. */
export const CurrentProcessValue = () => {
  const record = useRecordContext<{ currentProcessId?: string | null }>();
  const id = record?.currentProcessId;
  if (!id) return <>—</>;
  return (
    <Link component={RouterLink} to={showPathOf(processes, id)} title={id} sx={{ fontFamily: 'monospace' }}>
      {shortId(id)}
    </Link>
  );
};

/** Busy or Free: a busy agent takes no new process. */
export const BusyValue = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.isBusy === true ? (
    <Chip size="small" sx={WARNING_CHIP_SX} label={translate('resources.agents.busy')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('resources.agents.free')} />
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
