import type { Identifier, RaRecord } from 'react-admin';
import { processes } from '../../domain/declarations';
import { showPathOf } from '../schema/paths';

/**
 * A row of runs opens the run's details when clicked anywhere (not only on its small Details
 * icon, which stays for the keyboard and screen readers). A click that ends a text selection
 * (copying a log line or an id) does not navigate. `processIdOf` reads the run's id off the row.
 */
export const openRunOnClick =
  (processIdOf: (record: RaRecord) => Identifier) =>
  (_id: Identifier, _resource: string, record: RaRecord): string | false =>
    window.getSelection()?.toString() ? false : showPathOf(processes, processIdOf(record));
