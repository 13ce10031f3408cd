import { Link } from 'react-router-dom';
import {
  AutocompleteInput,
  DataTable,
  DateTimeInput,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import { processes } from '../../domain/declarations';
import { PageHeading, SchemaPagination, showPathOf } from '../schema';
import { phoneFilters } from '../schema/filters';
import { stackedRowsSx } from '../schema/stackedRows';
import { ListError, ListLoading } from '../schema/ListStates';
import { COUNT_CAP, DEFAULT_PER_PAGE } from '../schema/SchemaPagination';
import { ProcessStatusValue, shortId } from '../processes/ProcessFields';
import { openRunOnClick } from '../processes/rowClick';

/** A date-time input's local value as the API's ISO instant (empty: no bound). */
const toInstant = (value: unknown) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(new Date(value).getTime())
    ? new Date(value).toISOString()
    : null;

const useFilters = () => {
  const translate = useTranslate();
  const label = (name: string) => translate(`resources.processHistory.fields.${name}`);
  return [
    <TextInput key="q" source="q" label="ra.action.search" alwaysOn resettable />,
    <ReferenceInput key="botId" source="botId" reference="bots" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label={label('botName')} optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="agentId" source="agentId" reference="agents" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label={label('agentName')} optionText="name" />
    </ReferenceInput>,
    <TextInput key="processId" source="processId" label={label('processId')} alwaysOn resettable />,
    <DateTimeInput
      key="from"
      source="from"
      label={translate('resources.processHistory.from')}
      parse={toInstant}
      alwaysOn
    />,
    <DateTimeInput key="to" source="to" label={translate('resources.processHistory.to')} parse={toInstant} alwaysOn />,
  ];
};

/** A line's row opens its run; its run id stays a link, for the keyboard and screen readers. */
const openRun = openRunOnClick((record) => String(record.processId));

const ProcessLink = () => {
  const record = useRecordContext<{ processId: string }>();
  if (!record) return null;
  // The link navigates itself: the row's click must not navigate a second time.
  return (
    <Link to={showPathOf(processes, record.processId)} onClick={(event) => event.stopPropagation()}>
      {shortId(record.processId)}
    </Link>
  );
};

const AtValue = () => {
  const record = useRecordContext<{ at: string }>();
  const [locale] = useLocaleState();
  return record ? <>{new Date(record.at).toLocaleString(locale)}</> : null;
};

const Lines = () => {
  const { isPending, error } = useListContext();
  const translate = useTranslate();
  const label = (name: string) => translate(`resources.processHistory.fields.${name}`);
  if (error) return <ListError />;
  if (isPending) return <ListLoading />;
  return (
    <DataTable rowClick={openRun} bulkActionButtons={false}>
      <DataTable.Col source="at" label={label('at')} disableSort>
        <AtValue />
      </DataTable.Col>
      <DataTable.Col source="processId" label={label('processId')} disableSort>
        <ProcessLink />
      </DataTable.Col>
      <DataTable.Col source="botName" label={label('botName')} disableSort />
      <DataTable.Col source="agentName" label={label('agentName')} disableSort />
      <DataTable.Col source="status" label={label('status')} disableSort>
        <ProcessStatusValue />
      </DataTable.Col>
      <DataTable.Col source="stream" label={label('stream')} disableSort />
      <DataTable.Col source="text" label={label('text')} disableSort />
    </DataTable>
  );
};

const LIST_SX = { '& .RaList-main': { minWidth: 0 } };

/** On a phone the rows stack (nothing scrolls sideways); the cells whose value does not say what it is get a label. */
const usePhoneSx = () => {
  const translate = useTranslate();
  const label = (name: string) =>
    translate('rpa.schema.cardLabel', { label: translate(`resources.processHistory.fields.${name}`) });
  const labels = { botName: label('botName'), agentName: label('agentName'), stream: label('stream') };
  return { ...LIST_SX, ...stackedRowsSx(labels, ['text']) };
};

/**
 * History Logs (/controlroom/process/logs): the log lines of finished runs, newest first,
 * searched by text and filtered by bot, agent, process and time, exported as CSV. On a phone
 * only the search stays open (Add filter holds the rest) and the rows stack.
 */
export const HistoryLogs = () => {
  const translate = useTranslate();
  const filters = useFilters();
  const phone = usePhone();
  const phoneSx = usePhoneSx();
  return (
    <>
      <PageHeading title={translate('resources.processHistory.page.list')} />
      <List
        resource="processHistory"
        perPage={DEFAULT_PER_PAGE}
        filters={phone ? phoneFilters(filters) : filters}
        actions={
          <TopToolbar>
            {phone && <FilterButton />}
            <ExportButton maxResults={COUNT_CAP} />
          </TopToolbar>
        }
        pagination={<SchemaPagination />}
        empty={false}
        queryOptions={{ onError: () => undefined }}
        title={false}
        storeKey={false}
        sx={phone ? phoneSx : LIST_SX}
      >
        <Lines />
      </List>
    </>
  );
};
