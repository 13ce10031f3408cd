import type { Actor } from '../../src/domain';

export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  resource: string;
  recordId: string;
  /** Field → new value; secret fields are never passed here. */
  changes?: Record<string, unknown>;
}

export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditSink;
  }
}
