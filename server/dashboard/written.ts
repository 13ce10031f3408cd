import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { JsonRows } from './sunburst';

/*
 * The platform's sunburst answers the same rows (up to a thousand, about 180 KB of JSON) to every
 * request until the runs change: its whole answer is written once per rows and period, and
 * compressed once for the browsers that accept gzip (every browser does), so that hundreds of
 * requests a second each send the same few kilobytes. The other reports are a few kilobytes,
 * made per request, and are sent as they are.
 */

export interface WrittenAnswer {
  json: string;
  /** The answer compressed, made (off the event loop) when first asked for. */
  gzipped?: Promise<Buffer | null>;
}

/** Periods kept per rows: a few periods and zones are in use at once. */
const PERIODS_KEPT = 8;
const written = new WeakMap<JsonRows, Map<string, WrittenAnswer>>();
const gzipAsync = promisify(gzip);
const encodings = new Negotiator({ supportedValues: ['gzip'] });

/** The answer `{ message, data: { period, rows } }` of these rows and period, written once. */
export function writtenAnswer(rows: JsonRows, period: object, message: string): WrittenAnswer {
  const periodJson = JSON.stringify(period);
  let byPeriod = written.get(rows);
  if (!byPeriod) written.set(rows, (byPeriod = new Map()));
  const kept = byPeriod.get(periodJson);
  if (kept) return kept;
  const answer = { json: `{"message":${JSON.stringify(message)},"data":{"period":${periodJson},"rows":${rows.json}}}` };
  if (byPeriod.size >= PERIODS_KEPT) byPeriod.clear();
  byPeriod.set(periodJson, answer);
  return answer;
}

/** Whether a request's Accept-Encoding takes gzip (a `q=0` refuses it). */
export const acceptsGzip = (header: string | undefined): boolean =>
  header !== undefined && encodings.negotiate(header) === 'gzip';

/** The answer gzipped, compressed once; null if compressing failed (then it is sent as it is). */
export const gzippedOf = (answer: WrittenAnswer): Promise<Buffer | null> =>
  (answer.gzipped ??= gzipAsync(answer.json).catch(() => null));
