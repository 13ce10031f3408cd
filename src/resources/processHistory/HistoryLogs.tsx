import {
  AutocompleteInput,
  DateTimeInput,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import { PageHeading, SchemaPagination } from '../schema';
import { COUNT_CAP, DEFAULT_PER_PAGE } from '../schema/SchemaPagination';
import { phoneFilters } from '../schema/filters';
import { HistoryRuns } from './HistoryRuns';

/** A date-time input's local value as the API's ISO instant (empty: no bound). */
const toInstant = (value: unknown) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(new Date(value).getTime())
    ? new Date(value).toISOString()
    : null;

/** On a phone only the search stays open; the other filters wait behind Add filter. */
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

/**
 * History Logs (/controlroom/process/logs): the finished runs, newest first, one row each with
 * its line count, expandable to its lines; searched by line text or bot and filtered by bot,
 * agent, process and time (a search keeps the runs with a matching line, and an expanded run
 * shows those lines, marked); exported as CSV.
 */
export const HistoryLogs = () => {
  const translate = useTranslate();
  const filters = useFilters();
  const phone = usePhone();
  return (
    <>
      <PageHeading title={translate('resources.processHistory.page.list')} />
      <List
        resource="processHistory"
        perPage={DEFAULT_PER_PAGE}
        filters={phone ? phoneFilters(filters) : filters}
        actions={
          <TopToolbar sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            {phone && <FilterButton />}
            <ExportButton maxResults={COUNT_CAP} />
          </TopToolbar>
        }
        pagination={<SchemaPagination />}
        empty={false}
        queryOptions={{ onError: () => undefined }}
        title={false}
        storeKey={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <HistoryRuns />
      </List>
    </>
  );
};
