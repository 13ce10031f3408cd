import type { LiveNotification } from '../../domain';
import { connectRealtime } from '../../custom/realtime/socket';

export interface FollowAuth {
  token: string;
  userId: string;
}

export interface FollowHandlers {
  /** The socket is in the process's room: lines written from now on arrive as messages. */
  onFollowing: () => void;
  onMessage: (n: LiveNotification) => void;
}

/**
 * A socket of the details page's own that joins one process's log room: log lines go only to
 * sockets that asked for that process, so the shell's socket (every page's) does not get them.
 * It joins once the server has authenticated it, and again after a reconnection.
 */
export function followProcess(processId: string, auth: FollowAuth, handlers: FollowHandlers): () => void {
  const socket = connectRealtime(auth, { onMessage: handlers.onMessage });
  socket.on('authenticated', () => {
    void socket.emitWithAck('follow-process', { processId }).then((answer: unknown) => {
      if ((answer as { ok?: unknown } | null)?.ok === true) handlers.onFollowing();
    });
  });
  return () => {
    socket.emit('unfollow-process', { processId });
    socket.disconnect();
  };
}
