import type { decide } from '../../src/domain';
import { forbidden, notFound } from '../http/errors';

/** Throws the answer of a refused decision: 404 hides another company's record, 403 a role's limit. */
export function enforce(decision: ReturnType<typeof decide>): void {
  if (decision === 'notFound') throw notFound();
  if (decision === 'forbidden') throw forbidden();
}
