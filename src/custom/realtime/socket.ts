import { io, type Socket } from 'socket.io-client';
import { CONTROLROOM_ROOM, type LiveNotification } from '../../domain';
import { isLiveNotification } from './notificationText';

export interface RealtimeAuth {
  token: string;
  userId: string;
}
export interface RealtimeHandlers {
  onMessage: (n: LiveNotification) => void;
  onDisconnect?: (reason: string) => void;
}

/** The notification host: this origin unless the build says otherwise. */
const host = (): string | undefined => {
  const value: unknown = import.meta.env.VITE_NOTIFICATION_HOST;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * Polling-only; on every (re)connection authenticate and join the 'controlroom' room
 * with the token, the room id and the user id.
 */
export function connectRealtime(auth: RealtimeAuth, handlers: RealtimeHandlers): Socket {
  const options = { path: '/socket.io', transports: ['polling'] };
  const url = host();
  const socket = url ? io(url, options) : io(options);
  socket.on('connect', () => {
    const hello = { token: auth.token, roomId: CONTROLROOM_ROOM, userId: auth.userId };
    socket.emit('authentication', hello);
    socket.emit('join-room', hello);
  });
  socket.on('message', (data: unknown) => {
    if (isLiveNotification(data)) handlers.onMessage(data);
  });
  socket.on('disconnect', (reason) => handlers.onDisconnect?.(reason));
  return socket;
}
