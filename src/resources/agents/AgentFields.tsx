import { Chip } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useRecordContext, useTranslate } from 'react-admin';
import { isAgentConnected } from '../../domain';
import { agents } from '../../domain/declarations';
import { useChoiceLabel, useFieldLabel, type SchemaInputProps } from '../schema';

/** Connected / Disconnected as a chip (an agent's socket state). */
export const AgentStatusValue = () => {
  const record = useRecordContext();
  const choiceLabel = useChoiceLabel(agents);
  if (typeof record?.status !== 'number') return <>—</>;
  const connected = isAgentConnected(record.status);
  return (
    <Chip
      size="small"
      color={connected ? 'success' : 'default'}
      variant={connected ? 'filled' : 'outlined'}
      label={choiceLabel('status', record.status)}
    />
  );
};

/** Busy or Free: a busy agent takes no new process. */
export const BusyValue = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.isBusy === true ? (
    <Chip size="small" color="warning" label={translate('resources.agents.busy')} />
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
