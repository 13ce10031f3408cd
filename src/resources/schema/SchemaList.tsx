import { useMemo } from 'react';
import { BulkDeleteButton, DataTable, List, useTranslate } from 'react-admin';
import { isSortable } from '../../domain/resource';
import { useCanDo, useMay, type RecordLike } from './access';
import { SchemaResourceContext, useSchemaResource } from './context';
import { csvExporter } from './csv';
import { useSchemaFilters } from './filters';
import { useFieldLabel, useResourceText } from './labels';
import { SchemaEmpty, SchemaListActions } from './ListParts';
import { PageHeading } from './PageHeading';
import { RowActions, useMayDelete } from './RowActions';
import { columnsOf, SchemaValue } from './SchemaField';
import { DEFAULT_PER_PAGE, SchemaPagination } from './SchemaPagination';
import type { SchemaResource } from './types';

/**
 * The declared columns (sortable per the declaration), then the row actions; the resource's
 * bulk updates, and bulk delete when the role may delete (not in another record's tab, where
 * it would read as "remove from here").
 */
export const SchemaDataTable = ({ bulkDelete = true }: { bulkDelete?: boolean }) => {
  const resource = useSchemaResource();
  const { def, bulkActions: BulkActions } = resource;
  const translate = useTranslate();
  const label = useFieldLabel(def);
  const canDo = useCanDo(def);
  const may = useMay(resource);
  const mayDelete = useMayDelete(resource);
  const withDelete = bulkDelete && canDo('delete');
  const withUpdates = !!BulkActions && canDo('update');
  const bulkButtons =
    withDelete || withUpdates ? (
      <>
        {withUpdates && <BulkActions />}
        {withDelete && <BulkDeleteButton mutationMode="pessimistic" />}
      </>
    ) : (
      false
    );
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={bulkButtons}
      isRowSelectable={(record: RecordLike) => (withDelete && mayDelete(record)) || (withUpdates && may('update', record))}
    >
      {columnsOf(def).map((name) => (
        <DataTable.Col key={name} source={name} label={label(name)} disableSort={!isSortable(def, name)}>
          <SchemaValue def={def} name={name} />
        </DataTable.Col>
      ))}
      <DataTable.Col label={translate('rpa.schema.actions')}>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
};

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
 * export, 10 rows a page (10/25/50/100), "10,000+" for a capped total, and an empty state.
 * Its page, sort and filters are kept in the store, so coming back from a details page returns
 * to the same page.
 */
export const SchemaList = ({ resource, filter, embedded = false, heading = !embedded }: SchemaListProps) => {
  const { def } = resource;
  const text = useResourceText(def);
  const filters = useSchemaFilters(def, Object.keys(filter ?? {}), resource.filters);
  const exporter = useMemo(() => csvExporter(def), [def]);
  return (
    <SchemaResourceContext.Provider value={resource}>
      {heading && <PageHeading title={text('page.list')} />}
      <List
        resource={def.name}
        sort={def.defaultSort}
        perPage={DEFAULT_PER_PAGE}
        filters={filters}
        filter={filter}
        actions={<SchemaListActions />}
        pagination={<SchemaPagination />}
        empty={<SchemaEmpty />}
        exporter={exporter}
        title={false}
        disableSyncWithLocation={embedded}
        storeKey={embedded ? false : undefined}
      >
        <SchemaDataTable />
      </List>
    </SchemaResourceContext.Provider>
  );
};
