import type { ReactElement } from 'react';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassTop from '@mui/icons-material/HourglassTop';
import { Button, useBulkUpdateController, useNotify, useRecordContext, useUpdate } from 'react-admin';
import {
  ActionButton,
  SchemaDeleteButton,
  ViewAndUpdate,
  useMay,
  useSchemaResource,
  useServerError,
  type SchemaResource,
} from '../schema';

type Flags = { isBusy?: boolean; isError?: boolean };
type AgentRecord = Flags & { id: string; companyId?: string | null };

interface Toggle {
  flag: keyof Flags;
  on: { label: string; icon: ReactElement };
  off: { label: string; icon: ReactElement };
}

const BUSY: Toggle = {
  flag: 'isBusy',
  on: { label: 'resources.agents.markBusy', icon: <HourglassTop /> },
  off: { label: 'resources.agents.markFree', icon: <CheckCircle /> },
};
const ERROR: Toggle = {
  flag: 'isError',
  on: { label: 'resources.agents.markError', icon: <ErrorOutline /> },
  off: { label: 'resources.agents.clearError', icon: <Block /> },
};

/** Sets or clears one flag of one agent (PUT /agent/update/:id), for who may update it. */
const FlagToggle = ({ toggle }: { toggle: Toggle }) => {
  const resource: SchemaResource = useSchemaResource();
  const record = useRecordContext<AgentRecord>();
  const may = useMay(resource);
  const notify = useNotify();
  const onError = useServerError();
  const [update, { isPending }] = useUpdate();
  if (!record || !may('update', record)) return null;
  const set = record[toggle.flag] !== true;
  const { label, icon } = set ? toggle.on : toggle.off;
  const onClick = () =>
    update(
      resource.def.name,
      { id: record.id, data: { [toggle.flag]: set }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(`resources.${resource.def.name}.notifications.updated`, {
            type: 'success',
            messageArgs: { smart_count: 1 },
          }),
        onError,
      },
    );
  return <ActionButton label={label} icon={icon} onClick={onClick} busy={isPending} />;
};

/** Agents: View, Update, Delete and the busy and error flags. */
export const AgentRowActions = () => (
  <>
    <ViewAndUpdate />
    <FlagToggle toggle={BUSY} />
    <FlagToggle toggle={ERROR} />
    <SchemaDeleteButton />
  </>
);

/** One flag for every selected agent: one PUT /agent/update {ids, flag} (dataProvider.updateMany). */
const BulkFlagButton = ({ data, label, icon }: { data: Flags; label: string; icon: ReactElement }) => {
  const { handleUpdate, isPending } = useBulkUpdateController({ mutationMode: 'pessimistic' });
  return (
    <Button label={label} onClick={() => handleUpdate(data)} disabled={isPending}>
      {icon}
    </Button>
  );
};

/** The selected agents' flags, singly or in bulk: Mark busy, Mark free, Mark in error, Clear error. */
export const AgentBulkActions = () => (
  <>
    <BulkFlagButton data={{ isBusy: true }} {...BUSY.on} />
    <BulkFlagButton data={{ isBusy: false }} {...BUSY.off} />
    <BulkFlagButton data={{ isError: true }} {...ERROR.on} />
    <BulkFlagButton data={{ isError: false }} {...ERROR.off} />
  </>
);
