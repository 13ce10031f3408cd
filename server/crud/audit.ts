import type { Actor } from '../../src/domain';
import type { Database } from '../db/client';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  /** A user, or another kind of actor such as an agent registering itself (role 'agent'). */
  actor: Pick<Actor, 'id'> & Partial<Pick<Actor, 'companyId'>> & { role: string };
  action: AuditAction;
  resource: string;
  recordId: string;
  /** Field → new value. Secrets are removed here whatever the caller passes (see SECRET_KEY). */
  changes?: Record<string, unknown>;
}

export interface AuditSink {
  /** Writes one entry with `db`: pass the transaction of the change, so both are kept or neither. */
  record(entry: AuditEntry, db?: Database): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditSink;
  }
}

/** Keys whose values never reach the audit log, whatever resource sends them. */
const SECRET_KEY = /password|secret|token|hash|encrypted|credential/i;

/** The changes minus secrets and the named secret fields; undefined when nothing is left. */
export function auditChanges(
  changes: Record<string, unknown> | undefined,
  secretFields: readonly string[] = [],
): Record<string, unknown> | undefined {
  if (!changes) return undefined;
  const kept = Object.entries(changes).filter(
    ([key, value]) => value !== undefined && !SECRET_KEY.test(key) && !secretFields.includes(key),
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
