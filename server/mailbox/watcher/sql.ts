import type { DatabaseHandle } from '../../db/client';
import { PROCESS_COLUMNS, rowsOf, type ProcessRow } from '../../runtime/sql';
import { DEFAULT_TIMEOUT_SECONDS } from '../../services/processes';
import type { ReceivedMail, WatchedConfiguration, WatchState } from './types';

/**
 * The watcher's statements: plain SQL for PostgreSQL 15 and PGlite alike, ids as text, UIDs and
 * UID validities as text (bigint). A mail is claimed by its (configuration, UID validity, UID):
 * the row's unique key lets one insert win, on one node, once.
 */

/** The active configurations whose mailboxes this node watches. */
export const loadActive = (database: DatabaseHandle): Promise<WatchedConfiguration[]> =>
  rowsOf<WatchedConfiguration>(
    database,
    `select c.id::text as "id", c.company_id::text as "companyId", c.email, c.secret_encrypted as "secretEncrypted",
       c.imap_host as "imapHost", c.imap_port as "imapPort", c.imap_secure as "imapSecure",
       c.criteria, c.operation, c.criteria_value as "criteriaValue",
       to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "version"
     from email_configurations c where c.status = 'active'`,
    [],
  );

/**
 * The last UID seen in this mailbox under this UID validity, or null when none was: the first
 * session of a configuration (or of a mailbox whose UIDs were reset) starts from what is there.
 */
export async function lastSeenUid(
  database: DatabaseHandle,
  configurationId: string,
  uidValidity: bigint,
): Promise<number | null> {
  const [row] = await rowsOf<{ uid: string | null }>(
    database,
    `select max(uid)::text as "uid" from email_messages where configuration_id = $1 and uid_validity = $2::bigint`,
    [configurationId, uidValidity.toString()],
  );
  return row?.uid == null ? null : Number(row.uid);
}

/**
 * Marks where watching begins: the mailbox's last UID (0 when empty) as seen, run by no one. The
 * mails already there are not new; any later one is, even if it arrives while no node watches.
 */
export async function markBaseline(
  database: DatabaseHandle,
  configurationId: string,
  uidValidity: bigint,
  uid: number,
): Promise<void> {
  await rowsOf(
    database,
    `insert into email_messages (configuration_id, uid_validity, uid, outcome)
     values ($1, $2::bigint, $3::bigint, 'baseline')
     on conflict (configuration_id, uid_validity, uid) do nothing`,
    [configurationId, uidValidity.toString(), uid],
  );
}

export interface Claimed {
  /** Whether this node's insert won the mail (false: another node or an earlier session had it). */
  won: boolean;
  /** The run it started, when it matched and the configuration's bot and agent could run it. */
  process: ProcessRow | null;
}

/**
 * Claims a mail and, when it matches and this insert wins, creates its run in the same
 * statement (one commit): a pending process in the agent's queue, made by the configuration's
 * creator, with the mail as its parameters. A bot that is not active, an agent or bot of another
 * company, or a company without a running licence runs nothing; the claim says why.
 */
export async function claimMail(
  database: DatabaseHandle,
  input: { configurationId: string; uidValidity: bigint; mail: ReceivedMail; matched: boolean; processId: string },
): Promise<Claimed> {
  const { mail } = input;
  const parameters = [
    { name: 'from', value: mail.from, encrypted: false },
    { name: 'subject', value: mail.subject, encrypted: false },
    { name: 'body', value: mail.body, encrypted: false },
    { name: 'receivedAt', value: mail.receivedAt, encrypted: false },
  ];
  const rows = await rowsOf<{ won: boolean; process: ProcessRow | null }>(
    database,
    `with runnable as (
       select c.company_id, c.bot_id, c.agent_id, c.created_by, b.name as bot_name, a.name as agent_name,
         a.device_id, b.timeout_seconds
       from email_configurations c
         join bots b on b.id = c.bot_id and b.company_id = c.company_id and b.status = 'active'
         join agents a on a.id = c.agent_id and a.company_id = c.company_id
       where c.id = $1 and $8::boolean
         and exists (select 1 from company_licences l where l.company_id = c.company_id and l.end_date >= current_date)
     ), claim as (
       insert into email_messages as m (configuration_id, uid_validity, uid, message_id, "from", subject, received_at,
         outcome, process_id)
       values ($1, $2::bigint, $3::bigint, $4, $5, $6, $7::timestamptz,
         case when not $8::boolean then 'ignored' when exists (select 1 from runnable) then 'run' else 'notRunnable' end,
         case when exists (select 1 from runnable) then $9::uuid end)
       on conflict (configuration_id, uid_validity, uid) do nothing
       returning m.id
     ), created as (
       insert into processes as p (id, company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id,
         parameters, timeout_seconds, status, source)
       select $9::uuid, r.company_id, r.bot_id, r.agent_id, r.created_by, r.bot_name, r.agent_name, r.device_id,
         $10::jsonb, coalesce(r.timeout_seconds, $11), 0, 'email'
       from runnable r where exists (select 1 from claim)
       returning p.*
     )
     select exists (select 1 from claim) as "won",
       (select row_to_json(x) from (select ${PROCESS_COLUMNS} from created p) x) as "process"`,
    [
      input.configurationId,
      input.uidValidity.toString(),
      mail.uid,
      mail.messageId,
      mail.from,
      mail.subject,
      mail.receivedAt,
      input.matched,
      input.processId,
      JSON.stringify(parameters),
      DEFAULT_TIMEOUT_SECONDS,
    ],
  );
  const [row] = rows;
  return { won: !!row?.won, process: row?.process ?? null };
}

export interface HealthWrite {
  state: WatchState;
  error: string | null;
  /** The mailbox answered: lastCheckedAt becomes now. */
  checked: boolean;
}

/** Writes a configuration's health; answers its company (null when the row is gone). */
export async function writeHealth(database: DatabaseHandle, id: string, health: HealthWrite): Promise<string | null> {
  const [row] = await rowsOf<{ companyId: string }>(
    database,
    `update email_configurations set watch_state = $2, watch_error = $3,
       last_checked_at = case when $4::boolean then now() else last_checked_at end
     where id = $1
     returning company_id::text as "companyId"`,
    [id, health.state, health.error, health.checked],
  );
  return row?.companyId ?? null;
}

/**
 * Forgets one batch of claims older than the retention, as the runtime forgets old runs; the
 * largest UID of each mailbox and UID validity stays, as where its next session resumes (a UID
 * below it is never read again, so its claim is no longer needed). Answers how many went.
 */
export async function forgetOldClaims(database: DatabaseHandle, retentionDays: number, batch = 1000): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    database,
    `delete from email_messages where id in (
       select e.id from email_messages e
       where e.created_at < now() - make_interval(days => $1)
         and e.uid < (select max(x.uid) from email_messages x
                      where x.configuration_id = e.configuration_id and x.uid_validity = e.uid_validity)
       limit $2
     ) returning id::text as "id"`,
    [retentionDays, batch],
  );
  return rows.length;
}
