import { audit as auditDef } from '../../src/domain/resources';
import { auditLog } from '../db/schema';
import type { CrudOptions } from '../crud/options';

/** The audit log, read-only: written by the engine and the bespoke routes, never through the API. */
export const auditCrud: CrudOptions = {
  def: auditDef,
  source: { table: auditLog },
  skip: ['names', 'create', 'update', 'delete'],
};
