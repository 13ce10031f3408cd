import { sql } from 'drizzle-orm';
import { audit as auditDef } from '../../src/domain/declarations';
import { auditChanges, type AuditSink } from '../crud/audit';
import type { CrudOptions } from '../crud/options';
import type { Database } from '../db/client';
import { auditLog, users } from '../db/schema';

/** The audit log, read-only: written by the engine and the bespoke routes, never through the API. */
export const auditCrud: CrudOptions = {
  def: auditDef,
  source: { table: auditLog },
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
