import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
import { rowsOf } from '../runtime/sql';

/** What a report's read needs of the database. */
type Reader = Pick<DatabaseHandle, 'queryRows'>;

/**
 * A read as a named prepared statement, named by its text: the texts are a few shapes (which
 * parts a period's boundaries need), each parsed once per connection (PostgreSQL) or per process
 * (PGlite, where a named read also crosses into WebAssembly once instead of six times and skips
 * the file sync a read does not need). Reads only, outside a transaction.
 */
const readNamed = <T>(db: Reader, text: string, params: unknown[]): Promise<T[]> =>
  rowsOf<T>(db, text, params, { name: `dashboard_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` });

/** A read of one text and parameters: the one running, and the one that follows it. */
interface Flight {
  running: Promise<unknown> | null;
  following: Promise<unknown> | null;
}
const flights = new WeakMap<Reader, Map<string, Flight>>();

/**
 * A report's read (readNamed), shared by the requests that make it at once: a dashboard is read
 * by many people, each report the same few statements of the same period and scope. A read
 * already running may have begun before a caller came, and so miss what was written just
 * before: such a caller, and every other that comes while it runs, waits for the read that
 * follows it, which begins once it ends. Every caller so gets a read that began after it came.
 * The rows are shared: callers read them and never change them.
 */
export function readRows<T>(db: Reader, text: string, params: unknown[]): Promise<readonly T[]> {
  let byKey = flights.get(db);
  if (!byKey) flights.set(db, (byKey = new Map()));
  const key = `${JSON.stringify(params)}\n${text}`;
  const known = byKey.get(key);
  const flight: Flight = known ?? { running: null, following: null };
  if (!known) byKey.set(key, flight);
  const start = (): Promise<T[]> => {
    const read = readNamed<T>(db, text, params);
    flight.running = read;
    const ended = () => {
      if (flight.running === read) flight.running = null;
      if (flight.running === null && flight.following === null) byKey.delete(key);
    };
    read.then(ended, ended);
    return read;
  };
  if (flight.running === null) return start();
  const ignore = () => undefined;
  flight.following ??= flight.running.then(ignore, ignore).then(() => {
    flight.following = null;
    return start();
  });
  return flight.following as Promise<T[]>;
}
