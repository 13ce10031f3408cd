import { useMemo } from 'react';
import { List, useListContext } from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import { SchemaResourceContext } from './context';
import { csvExporter } from './csv';
import { phoneFilters, useSchemaFilters } from './filters';
import { useResourceText } from './labels';
import { SchemaEmpty, SchemaListActions } from './ListParts';
import { ListError, ListLoading } from './ListStates';
import { PageHeading } from './PageHeading';
import { SchemaCards } from './SchemaCards';
import { DEFAULT_PER_PAGE, SchemaPagination } from './SchemaPagination';
import { SchemaTable } from './SchemaTable';
import type { SchemaResource } from './types';

/**
 * The records of a list (its own page, or a tab of another record): a loading state until the
 * first page arrives, the error with Retry when the request failed, then the table, or one
 * card per record on a phone.
 */
export const SchemaDataTable = ({ bulkDelete = true }: { bulkDelete?: boolean }) => {
  const { isPending, error } = useListContext();
  const phone = usePhone();
  if (error) return <ListError />;
  if (isPending) return <ListLoading />;
  return phone ? <SchemaCards /> : <SchemaTable bulkDelete={bulkDelete} />;
};

/** The list keeps to the page's width (a wide table scrolls in its card). */
const LIST_SX = { '& .RaList-main': { minWidth: 0 } };

/** The list says a failed request itself (ListError): no toast on top of it. */
const LIST_QUERY_OPTIONS = { onError: () => undefined };

export interface SchemaListProps {
  resource: SchemaResource;
  /** Fixed filters (e.g. a company's tokens); their inputs are left out. */
  filter?: Record<string, unknown>;
  /** Inside another page: no heading, no URL or store sync of its own. */
  embedded?: boolean;
  /** The page's h1; false when the page around the list has its own (a tab of it). */
  heading?: boolean;
}

/**
 * The default list of a declaration: filters from `filterFields` plus a text search, columns
 * from `listColumns`, View/Update/Delete per row by the permission table, bulk delete, CSV
 * export, 10 rows a page (10/25/50/100), "10,000+" for a capped total, an empty state, a
 * loading state and an error state with Retry.
 * Its page, sort and filters are kept in the store, so coming back from a details page returns
 * to the same page.
 */
export const SchemaList = ({ resource, filter, embedded = false, heading = !embedded }: SchemaListProps) => {
  const { def } = resource;
  const text = useResourceText(def);
  const phone = usePhone();
  const filters = useSchemaFilters(def, Object.keys(filter ?? {}), resource.filters);
  const exporter = useMemo(() => csvExporter(def), [def]);
  return (
    <SchemaResourceContext.Provider value={resource}>
      {heading && <PageHeading title={text('page.list')} />}
      <List
        resource={def.name}
        sort={def.defaultSort}
        perPage={DEFAULT_PER_PAGE}
        filters={phone ? phoneFilters(filters) : filters}
        filter={filter}
        actions={<SchemaListActions />}
        pagination={<SchemaPagination />}
        empty={<SchemaEmpty />}
        exporter={exporter}
        queryOptions={LIST_QUERY_OPTIONS}
        title={false}
        sx={LIST_SX}
        disableSyncWithLocation={embedded}
        // A routed list's SchemaRoute already decided, from the local session, what react-admin's
        // checkAuth and canAccess would (the same permission table): its request goes out on the
        // first render instead of two renders later. An embedded list keeps react-admin's checks.
        disableAuthentication={!embedded}
        storeKey={embedded ? false : undefined}
      >
        <SchemaDataTable />
      </List>
    </SchemaResourceContext.Provider>
  );
};
