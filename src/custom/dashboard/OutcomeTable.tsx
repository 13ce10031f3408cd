import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { OUTCOMES, type OutcomeCounts } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import type { Segment } from './links';

export interface TableRowData extends OutcomeCounts {
  key: string;
  /** The row's name cells (a bot; a company and a bot; a time). */
  cells: string[];
  segment: Segment;
}

/** A chart's figures as a table: one row per bar, bucket or bot, a count per outcome linking to its processes. */
export const OutcomeTable = ({
  caption,
  headers,
  rows,
  linkOf,
}: {
  caption: string;
  headers: string[];
  rows: TableRowData[];
  linkOf: (segment: Segment) => string;
}) => {
  const t = useT();
  return (
    <Table size="small">
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          {headers.map((h) => (
            <TableCell key={h} component="th" scope="col">
              {h}
            </TableCell>
          ))}
          {OUTCOMES.map((o) => (
            <TableCell key={o} component="th" scope="col" align="right">
              {t(`rpa.dashboard.outcomes.${o}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, i) => (
              <TableCell key={i} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined}>
                {cell}
              </TableCell>
            ))}
            {OUTCOMES.map((o) => (
              <TableCell key={o} align="right">
                {row[o] > 0 ? (
                  <Link component={RouterLink} to={linkOf({ ...row.segment, outcome: o })}>
                    {row[o]}
                  </Link>
                ) : (
                  0
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
