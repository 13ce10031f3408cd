import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { audit as auditDef } from '../../src/domain/declarations';
import { DECLARATIONS } from '../../src/domain/declarations/registry';
import { auditChanges, type AuditSink } from '../crud/audit';
import type { CrudOptions } from '../crud/options';
import type { Database } from '../db/client';
import { auditLog, users } from '../db/schema';
import { tableOfResource } from '../db/schema/declared';
import { userNameOf } from './shared';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A constant of the statement: computed fields are rendered once, without parameters. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/**
 * The audited record's name now: by the entry's resource, its table's recordRepresentation
 * column for the row of that id (a primary-key look-up, only for the rows of the page read).
 * Resources whose representation is their id or no column of their table have no name here;
 * an id that is no uuid (never written by the engine) names nothing rather than failing.
 */
function recordNameOf(): SQL {
  const id = sql`(case when ${auditLog.recordId} ~ ${literal(UUID)} then ${auditLog.recordId}::uuid end)`;
  const branches: SQL[] = [];
  for (const def of DECLARATIONS) {
    if (def.name === auditDef.name || def.recordRepresentation === 'id') continue;
    const table = tableOfResource(def.name);
    const column = (table as unknown as Record<string, PgColumn | undefined>)[def.recordRepresentation];
    if (!column) continue;
    branches.push(sql`when ${literal(def.name)} then (select ${column} from ${table} where ${table.id} = ${id})`);
  }
  if (branches.length === 0) return sql`null::text`;
  return sql`(case ${auditLog.resource} ${sql.join(branches, sql` `)} end)`;
}

/** The audit log, read-only: written by the engine and the bespoke routes, never through the API. */
export const auditCrud: CrudOptions = {
  def: auditDef,
  source: {
    table: auditLog,
    computed: { recordName: recordNameOf() },
    lookups: { actorName: userNameOf(auditLog.actorId) },
  },
  skip: ['names', 'create', 'update', 'delete'],
};

/** The audit sink over the audit_log table; the actor's e-mail and role are read in the same statement. */
export function createAuditSink(defaultDb: Database): AuditSink {
  return {
    async record(entry, db = defaultDb) {
      await db.insert(auditLog).values({
        actorId: entry.actor.id,
        actorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.actor.id}), '')`,
        actorRole: entry.actor.role,
        action: entry.action,
        resource: entry.resource,
        recordId: entry.recordId,
        changes: auditChanges(entry.changes) ?? null,
      });
    },
  };
}
