import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';

/**
 * A report's read as a named prepared statement, named by its text: the texts are a few shapes
 * (which parts a period's boundaries need), each parsed once per connection (PostgreSQL) or per
 * process (PGlite, where a named read also crosses into WebAssembly once instead of six times and
 * skips the file sync a read does not need). Reads only, outside a transaction.
 */
export const readRows = <T>(db: DatabaseHandle, text: string, params: unknown[]): Promise<T[]> =>
  rowsOf<T>(db, text, params, { name: `dashboard_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` });
