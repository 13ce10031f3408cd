import type { DatabaseHandle, NamedStatement } from '../db/client';
import { processViewersOf } from './visibility';

/**
 * The runtime's statements, as plain SQL that PostgreSQL 15 and PGlite (18) both accept. Rows
 * come back with driver-neutral types: ids and names as text, numbers as integers, times as
 * ISO text. Lists of values travel as one JSON parameter, which both drivers pass the same way.
 */

/** What the browsers and the agent are told of a process. */
export interface ProcessRow {
  id: string;
  companyId: string;
  agentId: string | null;
  botId: string | null;
  userId: string;
  deviceId: string;
  botName: string;
  status: number;
  /** What made it: a person (manual), a schedule's fire or an e-mail. */
  source: string;
  /** Who sees it as a member (a plain User): its notifications go to these users only. */
  viewerIds: string[];
}

/** A process's own columns (all of ProcessRow but its viewers), as its runtime statements return them. */
export const PROCESS_FIELDS = `p.id::text as "id", p.company_id::text as "companyId", p.agent_id::text as "agentId",
  p.bot_id::text as "botId", p.user_id::text as "userId", p.device_id as "deviceId", p.bot_name as "botName", p.status,
  p.source`;

/**
 * A ProcessRow's columns. Its viewers are a look-up of the bot's creator and groups for each row:
 * a statement that returns many rows of few bots (a batch of reports and claims) reads them once
 * per bot instead (claims.ts).
 */
export const PROCESS_COLUMNS = `${PROCESS_FIELDS}, ${processViewersOf('p')} as "viewerIds"`;

/** An agent as a notification names it. */
export interface AgentRef {
  id: string;
  companyId: string;
  deviceId: string;
}
export const AGENT_REF = `id::text as "id", company_id::text as "companyId", device_id as "deviceId"`;

/** The rows of a statement, as the caller's row type; `statement` runs it as a named prepared one. */
export const rowsOf = async <T>(
  database: Pick<DatabaseHandle, 'queryRows'>,
  text: string,
  params: unknown[],
  statement?: NamedStatement,
): Promise<T[]> => (await database.queryRows(text, params, statement)) as T[];

/**
 * Runtime statements run thousands of times a second: on PostgreSQL each is parsed once per
 * connection (a named prepared statement) and planned for its values. PGlite runs writes as
 * plain queries (its named statements are for reads).
 */
export const named = (database: DatabaseHandle, name: string): NamedStatement | undefined =>
  database.kind === 'postgres' ? { name: `runtime.${name}` } : undefined;

/**
 * A process's line count, from the SQL that names its id. Lines are numbered 1, 2, 3… by the
 * agent: the last number is the count, read from the lines' primary key, so that taking lines in
 * never rewrites the process's row.
 */
export const logCountOf = (processId: string): string =>
  `coalesce((select max(l.seq) from process_logs l where l.process_id = ${processId}), 0)`;

/** The status of a process its agent may speak of; null when it is not this agent's. */
export async function ownProcess(
  database: DatabaseHandle,
  processId: string,
  agentId: string,
): Promise<{ status: number } | null> {
  const [row] = await rowsOf<{ status: number }>(
    database,
    `select p.status from processes p where p.id = $1 and p.agent_id = $2`,
    [processId, agentId],
  );
  return row ?? null;
}

export interface LineInput {
  seq: number;
  at: string;
  stream: string;
  text: string;
  /** A workflow line's level; null for a script's. */
  level: string | null;
  /** A workflow line's custom log fields (name → text); null when it has none. */
  fields: Record<string, string> | null;
}

/** The lines of one `process:log` message. */
export interface LineBatch {
  processId: string;
  lines: LineInput[];
}

const INSERT_LINES = `with input as (
       select * from jsonb_to_recordset($1::jsonb) as x(entry int, "processId" uuid, seq int, at timestamptz, stream text, text text, level text, fields jsonb)
     ), added as (
       insert into process_logs (process_id, seq, at, stream, text, level, fields)
       select "processId", seq, at, stream, text, level, fields from input
       on conflict do nothing
       returning process_id, seq
     ), senders as (
       -- A line sent twice in one batch counts for the first message that sent it.
       select distinct on ("processId", seq) entry, "processId", seq from input order by "processId", seq, entry
     )
     select s.entry, count(*)::int as "inserted" from added a
     join senders s on s."processId" = a.process_id and s.seq = a.seq
     group by s.entry`;

/**
 * Stores the lines of several messages in one statement, once each (a replay inserts nothing);
 * answers how many lines of each message were new. A process's row is not touched: its line
 * count is read from the lines.
 */
export async function insertLines(database: DatabaseHandle, batches: LineBatch[]): Promise<number[]> {
  const rows = await rowsOf<{ entry: number; inserted: number }>(
    database,
    INSERT_LINES,
    [
      // Objects of one shape, written field by field rather than spread: this runs for every line a fleet sends.
      JSON.stringify(
        batches.flatMap(({ processId, lines }, entry) =>
          lines.map(({ seq, at, stream, text, level, fields }) => ({
            entry,
            processId,
            seq,
            at,
            stream,
            text,
            level,
            fields,
          })),
        ),
      ),
    ],
    named(database, 'insertLines'),
  );
  const inserted = new Map(rows.map((r) => [r.entry, r.inserted]));
  return batches.map((_, entry) => inserted.get(entry) ?? 0);
}

/** Running processes of an agent it no longer knows about (after its own restart). */
export const abandonUnknown = (database: DatabaseHandle, agentId: string, known: string[]): Promise<ProcessRow[]> =>
  rowsOf(
    database,
    `update processes p set status = 5, ended_at = now(), reason = 'agent restarted',
       reason_key = 'agentRestarted', reason_values = null, updated_at = now()
     where p.agent_id = $1 and p.status = 1
       and not (p.id::text in (select jsonb_array_elements_text($2::jsonb)))
     returning ${PROCESS_COLUMNS}`,
    [agentId, JSON.stringify(known)],
  );

export interface AgentRow {
  id: string;
  companyId: string;
  deviceId: string;
  name: string;
  secretHash: string;
  companyActive: boolean;
}

/** A running process's file, when the agent asks for it with its credentials: its bytes as uploaded. */
export interface AgentFile {
  fileName: string;
  fileContent: Buffer;
}

/** A `bytea` column as the drivers answer it (node-postgres a Buffer, PGlite a Uint8Array), as a Buffer. */
export const bufferOf = (value: Uint8Array): Buffer =>
  Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);

const AGENT_BY_ID = `select a.id::text as "id", a.company_id::text as "companyId", a.device_id as "deviceId", a.name, a.secret_hash as "secretHash",
       (c.status = 'active') as "companyActive",
       (select row_to_json(f) from (
          select b.file_name as "fileName", encode(b.file_content, 'base64') as "fileContent" from processes p join bots b on b.id = p.bot_id
          where p.id = $2::uuid and p.agent_id = a.id and p.status = 1) f) as "file"
     from agents a join companies c on c.id = a.company_id where a.id = $1`;

/**
 * The agent (null when unknown) and, with `processId`, the file of that process when it is the
 * agent's and running: an agent's download is one round trip.
 */
export async function agentById(
  database: DatabaseHandle,
  agentId: string,
  processId: string | null = null,
): Promise<(AgentRow & { file: AgentFile | null }) | null> {
  // The file travels in the row's JSON as base64 (JSON holds no bytes).
  const [row] = await rowsOf<AgentRow & { file: { fileName: string; fileContent: string } | null }>(
    database,
    AGENT_BY_ID,
    // Without a process, `p.id = null` matches nothing: no file.
    [agentId, processId],
    named(database, 'agent'),
  );
  if (!row) return null;
  const { file, ...agent } = row;
  return {
    ...agent,
    file: file && { fileName: file.fileName, fileContent: Buffer.from(file.fileContent, 'base64') },
  };
}

/**
 * Marks an agent connected (1) to this node or disconnected (0); answers its row when it exists
 * and the change was this node's to make. A disconnection leaves alone an agent another node
 * holds by now (its newer connection went there) and one already disconnected (whoever did it
 * told the browsers).
 */
export async function setAgentStatus(
  database: DatabaseHandle,
  agentId: string,
  status: 0 | 1,
  nodeId: string,
  details: { version?: string; platform?: string } = {},
): Promise<AgentRef | null> {
  const [row] = await rowsOf<AgentRef>(
    database,
    `update agents set status = $2, last_seen_at = now(), updated_at = now(),
       node_id = case when $2 = 1 then $3::uuid end,
       version = coalesce($4, version), platform = coalesce($5, platform)
     where id = $1 and ($2 = 1 or (status = 1 and (node_id is null or node_id = $3::uuid)))
     returning ${AGENT_REF}`,
    [agentId, status, nodeId, details.version ?? null, details.platform ?? null],
  );
  return row ?? null;
}
