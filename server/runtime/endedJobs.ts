import type { FastifyInstance } from 'fastify';
import type { ProcessRow } from './sql';

/**
 * Work to do when a run of one source ends on this node (its result mail, its reply), after the
 * end is stored and without making the agent's report wait. Answers what stops listening and waits
 * for the jobs under way (the node's close). A failed job is logged under `what`, never thrown.
 */
export function onRunsEnded(
  app: FastifyInstance,
  source: string,
  what: string,
  job: (processId: string) => Promise<void>,
): () => Promise<void> {
  const pending = new Set<Promise<void>>();
  const onEnded = (row: ProcessRow) => {
    if (row.source !== source) return;
    const running = job(row.id)
      .catch((error: unknown) => app.log.error({ err: error, processId: row.id }, `${what} failed`))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  app.runtime.ended.add(onEnded);
  return async () => {
    app.runtime.ended.delete(onEnded);
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
}
