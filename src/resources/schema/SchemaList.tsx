import { useMemo } from 'react';
import { BulkDeleteButton, DataTable, List, useTranslate } from 'react-admin';
import { isSortable } from '../../domain/resource';
import { useCanDo, type RecordLike } from './access';
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
 * The declared columns (sortable per the declaration), then the row actions; bulk delete when
 * the role may delete (not in another record's tab, where it would read as "remove from here").
 */
export const SchemaDataTable = ({ bulkDelete = true }: { bulkDelete?: boolean }) => {
  const resource = useSchemaResource();
  const { def } = resource;
  const translate = useTranslate();
  const label = useFieldLabel(def);
  const canDo = useCanDo(def);
  const mayDelete = useMayDelete(resource);
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={bulkDelete && canDo('delete') ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      isRowSelectable={(record: RecordLike) => mayDelete(record)}
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
}

/**
 * The default list of a declaration: filters from `filterFields` plus a text search, columns
 * from `listColumns`, View/Update/Delete per row by the permission table, bulk delete, CSV
 * export, 10 rows a page (10/25/50/100), "10,000+" for a capped total, and an empty state.
 * Its page, sort and filters are kept in the store, so coming back from a details page returns
 * to the same page.
 */
export const SchemaList = ({ resource, filter, embedded = false }: SchemaListProps) => {
  const { def } = resource;
  const text = useResourceText(def);
  const filters = useSchemaFilters(def, Object.keys(filter ?? {}), resource.filters);
  const exporter = useMemo(() => csvExporter(def), [def]);
  return (
    <SchemaResourceContext.Provider value={resource}>
      {!embedded && <PageHeading title={text('page.list')} />}
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
