import { useCallback } from 'react';
import type { TablePaginationProps } from '@mui/material';
import { Pagination, useListContext, useLocaleState, useTranslate, type PaginationProps } from 'react-admin';
import { COUNT_CAP, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/constants';

/** The page sizes the API accepts: its default, two between, its maximum. */
export const ROWS_PER_PAGE_OPTIONS = [DEFAULT_PAGE_SIZE, 25, 50, MAX_PAGE_SIZE];
export const DEFAULT_PER_PAGE = DEFAULT_PAGE_SIZE;
/** The API stops counting at the domain's cap (countCapped): the total then reads "10,000+". */
export { COUNT_CAP };

interface DisplayedRows {
  from: number;
  to: number;
  count: number;
}

/**
 * Page sizes 10 (default), 25, 50, 100; a capped total shows as "10,000+" rather than a wrong
 * number. None while the first page loads or after a failed request: the total is not known
 * then, and "1-10 of -1" would say otherwise.
 */
export const SchemaPagination = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { meta, error, isPending, total } = useListContext();
  const capped = typeof meta === 'object' && meta !== null && (meta as { countCapped?: unknown }).countCapped === true;
  const label = useCallback(
    ({ from, to, count }: DisplayedRows) =>
      translate('ra.navigation.page_range_info', {
        offsetBegin: from.toLocaleString(locale),
        offsetEnd: to.toLocaleString(locale),
        total: capped ? `${Math.max(count, COUNT_CAP).toLocaleString(locale)}+` : count.toLocaleString(locale),
      }),
    [translate, locale, capped],
  );
  if (error || isPending || typeof total !== 'number' || total < 0) return null;
  // react-admin's Pagination hands its other props to MUI's TablePagination (whose label this is).
  const props: PaginationProps & Pick<TablePaginationProps, 'labelDisplayedRows'> = {
    rowsPerPageOptions: ROWS_PER_PAGE_OPTIONS,
    labelDisplayedRows: label,
  };
  return <Pagination {...props} />;
};
