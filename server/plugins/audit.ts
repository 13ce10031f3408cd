import type { FastifyInstance } from 'fastify';
import { createAuditSink } from '../crudResources/audit';

/** `app.audit`: every create, update and delete made through the API is written to audit_log. */
export function setupAudit(app: FastifyInstance): void {
  app.decorate('audit', createAuditSink(app.database.db));
}
