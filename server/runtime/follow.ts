import type { FastifyInstance } from 'fastify';
import { decide, messages, scopeOf } from '../../src/domain';
import type { RealtimeServer } from '../realtime';
import { processRoom } from './notify';
import { rowsOf } from './sql';
import { memberOf, processTargetFor, viewerColumn } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Ack = (answer: { ok: boolean; message?: string }) => void;

/**
 * Browsers open a process to follow its log lines: `follow-process` {processId} joins the
 * process's room once the signed-in user may see that process; `unfollow-process` leaves it.
 */
export function attachProcessFollowing(app: FastifyInstance, io: RealtimeServer): void {
  io.on('connection', (socket) => {
    socket.on('follow-process', async (raw: unknown, ackArg: unknown) => {
      const ack: Ack = typeof ackArg === 'function' ? (ackArg as Ack) : () => undefined;
      const processId = (raw as { processId?: unknown } | null)?.processId;
      const actor = socket.data.actor;
      if (!actor) return ack({ ok: false, message: messages.unauthorized });
      if (typeof processId !== 'string' || !UUID.test(processId)) return ack({ ok: false, message: messages.notFound });
      try {
        const [row] = await rowsOf<{ companyId: string; userId: string; isViewer: boolean }>(
          app.database,
          `select company_id::text as "companyId", user_id::text as "userId", ${viewerColumn('p', '$2::uuid')}
           from processes p where p.id = $1`,
          [processId, memberOf(actor, scopeOf(actor.role, 'show', 'processes'))],
        );
        if (!row || decide(actor, 'show', 'processes', processTargetFor(actor, row)) !== 'allow')
          return ack({ ok: false, message: messages.notFound });
        await socket.join(processRoom(processId));
        ack({ ok: true });
      } catch (error) {
        app.log.error({ err: error }, 'follow-process failed');
        ack({ ok: false, message: messages.serviceUnavailable });
      }
    });
    socket.on('unfollow-process', async (raw: unknown) => {
      const processId = (raw as { processId?: unknown } | null)?.processId;
      if (typeof processId === 'string') await socket.leave(processRoom(processId));
    });
  });
}
