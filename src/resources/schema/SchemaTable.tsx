import { useState, type MouseEvent, type ReactNode } from 'react';
import { Box, type Theme } from '@mui/material';
import { BulkDeleteButton, DataTable, useTranslate } from 'react-admin';
import { isSortable } from '../../domain/resource';
import { useCanDo, useMay, type RecordLike } from './access';
import { useSchemaResource } from './context';
import { useFieldLabel } from './labels';
import { RowActions, useMayDelete } from './RowActions';
import { columnsOf, SchemaValue } from './SchemaField';

/**
 * The actions column is as narrow as its icons, which never wrap, and stays in view at the
 * right edge when the table scrolls sideways.
 */
const stickyActions = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
const actionsCell = () => ({ ...stickyActions, width: '1%', whiteSpace: 'nowrap' });

/**
 * From MUI's `lg` breakpoint (1200 px) a row is one line: cells do not wrap, a long value ends
 * in an ellipsis past 12rem. Narrower, cells wrap. A table still too wide scrolls in its card,
 * never the page.
 */
const ONE_LINE = 'lg';
const tableSx = (wrap: boolean) => (theme: Theme) => ({
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  // Above the other header cells, which stick to the top.
  '& .RaDataTable-headerCell:last-of-type': { ...stickyActions, zIndex: 3 },
  // The opaque actions cell takes the hovered row's tint too.
  '& .RaDataTable-row:hover > .RaDataTable-rowCell:last-of-type': {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  '& .RaDataTable-rowCell, & .RaDataTable-headerCell': {
    whiteSpace: wrap ? 'normal' : { [ONE_LINE]: 'nowrap' },
    overflowWrap: wrap ? 'anywhere' : 'normal',
    px: 1,
  },
  // The actions stay one line of icons whichever way the cells go.
  '& .RaDataTable-rowCell:last-of-type': { whiteSpace: 'nowrap' },
});

/** A value that may be cut: the whole text as a tooltip (title) when it is. */
const CellText = ({ children, wrap }: { children: ReactNode; wrap: boolean }) => {
  const [title, setTitle] = useState<string>();
  const onMouseEnter = (event: MouseEvent<HTMLElement>) => {
    const el = event.currentTarget;
    setTitle(el.scrollWidth > el.clientWidth ? (el.textContent ?? undefined) : undefined);
  };
  return (
    <Box
      component="span"
      title={title}
      onMouseEnter={onMouseEnter}
      sx={
        wrap
          ? { display: 'block' }
          : { display: 'block', maxWidth: { [ONE_LINE]: '12rem' }, overflow: 'hidden', textOverflow: 'ellipsis' }
      }
    >
      {children}
    </Box>
  );
};

/**
 * The declared columns (sortable per the declaration), then the row actions; the resource's
 * bulk updates, and bulk delete when the role may delete (not in another record's tab, where
 * it would read as "remove from here").
 */
export const SchemaTable = ({ bulkDelete }: { bulkDelete: boolean }) => {
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
      sx={tableSx(resource.wrapCells === true)}
      bulkActionButtons={bulkButtons}
      isRowSelectable={(record: RecordLike) =>
        (withDelete && mayDelete(record)) || (withUpdates && may('update', record))
      }
    >
      {columnsOf(def).map((name) => (
        <DataTable.Col key={name} source={name} label={label(name)} disableSort={!isSortable(def, name)}>
          <CellText wrap={resource.wrapCells === true}>
            <SchemaValue def={def} name={name} />
          </CellText>
        </DataTable.Col>
      ))}
      <DataTable.Col label={translate('rpa.schema.actions')} cellSx={actionsCell}>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
};
