import { sql, type SQL } from 'drizzle-orm';
import type { Actor, Target } from '../../src/domain';

/*
 * Who sees a run with the `member` scope (a plain User): the people who see its bot — the bot's
 * creator and the members of the groups it is shared with. A run whose bot was deleted is seen
 * by whoever asked for it. Admin roles see runs by company, as the permission table says.
 * Both expressions below say the same thing: one lists the viewers of a run (the record's
 * `viewerIds`, for checking one record), the other tests one viewer against every run of a list
 * with one hashed sub-select (a list or count then costs one lookup per row, not three).
 */

/** The ids (text) of who sees the bot `bot` (the SQL of its uuid): its creator and its groups' members. */
export const botViewersOf = (bot: string): string =>
  `array(
     select b.user_id::text from bots b where b.id = ${bot}
     union select ug.user_id::text from bot_groups bg join user_groups ug on ug.group_id = bg.group_id where bg.bot_id = ${bot}
   )`;

/** The ids (text) of who may see the run `p` (an alias or a quoted table name) as a member. */
export const processViewersOf = (p: string): string =>
  `(case when ${p}.bot_id is null then array[${p}.user_id::text] else ${botViewersOf(`${p}.bot_id`)} end)`;

/** The run `p` is one the user `me` (a uuid parameter, e.g. `$3::uuid`) may see as a member. */
export const processVisibleTo = (p: string, me: string): string =>
  `((${p}.bot_id is null and ${p}.user_id = ${me}) or ${p}.bot_id in (
     select b.id from bots b where b.user_id = ${me}
     union select bg.bot_id from bot_groups bg join user_groups ug on ug.group_id = bg.group_id where ug.user_id = ${me}
   ))`;

const ME = '\u0000me\u0000';

/** processVisibleTo as a Drizzle condition, the user's id bound as the value `me` (a parameter or placeholder). */
export function processVisibleToSql(p: string, me: unknown): SQL {
  const parts = processVisibleTo(p, ME).split(ME);
  const chunks: SQL[] = [sql.raw(parts[0])];
  for (const part of parts.slice(1)) chunks.push(sql`${me}::uuid`, sql.raw(part));
  return sql.join(chunks);
}

/** What the permission table needs to know of a run read with its `viewerIds`. */
export const processTarget = (row: { companyId: string; userId: string; viewerIds?: readonly string[] }): Target => ({
  companyId: row.companyId,
  ownerId: row.userId,
  memberIds: row.viewerIds ?? [],
});

/**
 * Whether the user `me` (a uuid parameter; null for a role that does not see runs by bot) is a
 * viewer of the run `p`, as a column of the statement that reads the run: checking one run for
 * one person then asks only about that person, not for every viewer of its bot.
 */
export const viewerColumn = (p: string, me: string): string =>
  `(${me} is not null and ${processVisibleTo(p, me)}) as "isViewer"`;

/** What the permission table needs to know of a run read with viewerColumn, for the actor it asked about. */
export const processTargetFor = (
  actor: Actor,
  row: { companyId: string; userId: string; isViewer: boolean },
): Target => ({ companyId: row.companyId, ownerId: row.userId, memberIds: row.isViewer ? [actor.id] : [] });

/** The user whose runs a list is narrowed to (a plain User's member scope), or null when it follows the company. */
export const memberOf = (actor: Actor, scope: string): string | null => (scope === 'member' ? actor.id : null);
