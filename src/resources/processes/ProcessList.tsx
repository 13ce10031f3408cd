import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import {
  PageHeading,
  SchemaPagination,
  SchemaResourceContext,
  SchemaValue,
  useCanDo,
  useFieldLabel,
  useResourceText,
  useSchemaResource,
  type SchemaResource,
} from '../schema';
import { phoneFilters, useSchemaFilters } from '../schema/filters';
import { SchemaEmpty, SchemaListActions } from '../schema/ListParts';
import { ListError, ListLoading } from '../schema/ListStates';
import { SchemaCards } from '../schema/SchemaCards';
import { DEFAULT_PER_PAGE } from '../schema/SchemaPagination';
import { RowActions } from '../schema/RowActions';
import { BulkCancelButton } from './ProcessActions';
import { openRunOnClick } from './rowClick';

/** Current Status's columns: the id (first 8 characters) first, then who ran what where and when. */
export const PROCESS_COLUMNS = [
  'id',
  'botName',
  'agentName',
  'userName',
  'status',
  'startedAt',
  'endedAt',
  'duration',
] as const;

const LIST_QUERY_OPTIONS = { onError: () => undefined };
const openRun = openRunOnClick((record) => record.id);

/** Current Status's table over the list context around it (also an agent's processes). */
export const ProcessTable = () => {
  const { isPending, error } = useListContext();
  const { def } = useSchemaResource();
  const label = useFieldLabel(def);
  const translate = useTranslate();
  const canDo = useCanDo(def);
  const phone = usePhone();
  if (error) return <ListError />;
  if (isPending) return <ListLoading />;
  if (phone) return <SchemaCards />;
  return (
    <DataTable rowClick={openRun} bulkActionButtons={canDo('update') ? <BulkCancelButton /> : false}>
      {PROCESS_COLUMNS.map((name) => (
        <DataTable.Col key={name} source={name} label={label(name)} disableSort={name === 'id'}>
          <SchemaValue def={def} name={name} />
        </DataTable.Col>
      ))}
      <DataTable.Col label={translate('rpa.schema.actions')}>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
};

/**
 * Current Status (/controlroom/process): every process, newest first, filtered by User, Bot and
 * Status; Cancel per pending row and for the selected rows, Details and Logs. The realtime
 * client marks the list stale on every process notification, so rows change as runs move on.
 */
export const ProcessList = ({ resource }: { resource: SchemaResource }) => {
  const { def } = resource;
  const text = useResourceText(def);
  const filters = useSchemaFilters(def, [], resource.filters);
  const phone = usePhone();
  return (
    <SchemaResourceContext.Provider value={resource}>
      <PageHeading title={text('page.list')} />
      <List
        resource={def.name}
        sort={def.defaultSort}
        perPage={DEFAULT_PER_PAGE}
        filters={phone ? phoneFilters(filters) : filters}
        actions={<SchemaListActions />}
        pagination={<SchemaPagination />}
        empty={<SchemaEmpty />}
        queryOptions={LIST_QUERY_OPTIONS}
        title={false}
        sx={{ '& .RaList-main': { minWidth: 0 } }}
      >
        <ProcessTable />
      </List>
    </SchemaResourceContext.Provider>
  );
};
