import { parse, protocol, type PGlite } from '@electric-sql/pglite';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const SET_GENERIC = 'SET plan_cache_mode = force_generic_plan';
const RESET_GENERIC = 'RESET plan_cache_mode';

/**
 * Named prepared statements on PGlite, which its `query()` lacks: `query()` parses and plans the
 * text again on every call and crosses into WebAssembly six times (parse, describe, bind,
 * describe, execute, sync), then syncs the files. A list page is read-only and repeats a few
 * shapes, so here each text is parsed once per process and a call is one crossing — about a
 * fifth of the page's time (docs/BENCHMARKS.md).
 *
 * Only for reads outside a transaction: the call holds PGlite's own transaction and query
 * locks, as `query()` does, and skips the file sync, which a SELECT does not need.
 */
export function pgliteStatements(client: PGlite) {
  /** Parameter type ids of each prepared name, as PostgreSQL inferred them. */
  const prepared = new Map<string, number[]>();

  async function prepare(name: string, text: string): Promise<number[]> {
    const known = prepared.get(name);
    if (known) return known;
    try {
      const { messages } = await client.execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
      const types = parse.parseDescribeStatementResults(messages);
      prepared.set(name, types);
      return types;
    } catch (error) {
      // A parse that succeeded before a later message failed would leave the name taken.
      await client.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), {
        syncToFs: false,
        throwOnError: false,
      });
      throw error;
    }
  }

  return async function queryNamed(
    name: string,
    text: string,
    params: unknown[],
    generic = false,
  ): Promise<Record<string, unknown>[]> {
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const types = await prepare(name, text);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        // Bind, describe, execute and sync in one message: on an error PostgreSQL skips to the
        // sync, so the session is ready again when execProtocol throws. A generic plan needs
        // the session setting for this call only; the RESET runs even after an error.
        const run = [
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ];
        const { messages } = await client.execProtocol(
          concat(generic ? [serialize.query(SET_GENERIC), ...run, serialize.query(RESET_GENERIC)] : run),
          { syncToFs: false },
        );
        const results = parse.parseResults(messages, client.parsers);
        return (generic ? results[1] : results[0]).rows as Record<string, unknown>[];
      }),
    );
  };
}
