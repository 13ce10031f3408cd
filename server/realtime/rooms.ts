import type { FastifyInstance } from 'fastify';
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import { CONTROLROOM_ROOM, isPlatformRole, messages, scopeOf, type Actor } from '../../src/domain';

export const PLATFORM_ROOM = 'platform';
export const companyRoom = (companyId: string): string => `company:${companyId}`;
/** The browsers that see every run of a company (its admins): a plain User sees only some. */
export const companyRunsRoom = (companyId: string): string => `company-runs:${companyId}`;
/** One user's browsers: the runs they see as a member are told to them by name. */
export const userRoom = (userId: string): string => `user:${userId}`;

/** The rooms whose notifications a user may receive. */
export function roomsFor(actor: Actor): string[] {
  const rooms: string[] = [];
  if (actor.companyId) rooms.push(companyRoom(actor.companyId));
  if (actor.companyId && scopeOf(actor.role, 'list', 'processes') !== 'member')
    rooms.push(companyRunsRoom(actor.companyId));
  if (isPlatformRole(actor.role)) rooms.push(PLATFORM_ROOM);
  rooms.push(userRoom(actor.id));
  return rooms;
}

/** What the server remembers of a socket. */
export interface SocketData {
  actor?: Actor;
}
export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

interface Handshake {
  token?: unknown;
  roomId?: unknown;
  userId?: unknown;
}

type Ack = (response: { ok: boolean; message?: string; rooms?: string[] }) => void;

const asAck = (value: unknown): Ack | undefined => (typeof value === 'function' ? (value as Ack) : undefined);
const asHandshake = (value: unknown): Handshake => (value && typeof value === 'object' ? (value as Handshake) : {});

/**
 * The browser protocol: `authentication` then `join-room`, each with
 * {token, roomId, userId}. A socket joins rooms only once its token checks out.
 */
export function attachBrowserProtocol(io: RealtimeServer, app: FastifyInstance): void {
  async function verify(socket: RealtimeSocket, raw: unknown, ack: Ack | undefined): Promise<Actor | undefined> {
    const { token, userId } = asHandshake(raw);
    try {
      const login = typeof token === 'string' ? await app.verifyLoginToken(token) : null;
      if (login && (userId === undefined || userId === null || userId === login.actor.id)) return login.actor;
      socket.emit('unauthorized', { message: messages.unauthorized, code: 'UNAUTHORIZED' });
      ack?.({ ok: false, message: messages.unauthorized });
    } catch (error) {
      app.log.error({ err: error }, 'socket authentication failed');
      socket.emit('realtime-error', { message: messages.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      ack?.({ ok: false, message: messages.serviceUnavailable });
    }
    return undefined;
  }

  io.on('connection', (socket) => {
    socket.on('authentication', async (raw: unknown, ackArg: unknown) => {
      const ack = asAck(ackArg);
      const actor = await verify(socket, raw, ack);
      if (!actor) return;
      socket.data.actor = actor;
      socket.emit('authenticated', { userId: actor.id });
      ack?.({ ok: true });
    });

    socket.on('join-room', async (raw: unknown, ackArg: unknown) => {
      const ack = asAck(ackArg);
      const { roomId } = asHandshake(raw);
      const actor = await verify(socket, raw, ack);
      if (!actor) return;
      if (roomId !== CONTROLROOM_ROOM) {
        socket.emit('realtime-error', { message: messages.notFound, code: 'UNKNOWN_ROOM' });
        ack?.({ ok: false, message: messages.notFound });
        return;
      }
      // A socket reused by another user must not keep the previous user's rooms.
      for (const room of socket.rooms) if (room !== socket.id) socket.leave(room);
      const rooms = roomsFor(actor);
      socket.data.actor = actor;
      await socket.join(rooms);
      socket.emit('room-joined', { roomId, rooms });
      ack?.({ ok: true, rooms });
    });
  });
}
