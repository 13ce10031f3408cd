import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { onLogout } from '../../authProvider/logout';
import { useSessionToken, useSessionUser } from '../session/useSession';
import { STALE_RESOURCES, notificationMessage } from './notificationText';
import { publishLiveNotification } from './liveEvents';
import { connectRealtime } from './socket';
import { markStale } from './staleQueries';

/** Connects the socket while signed in: pop-ups (styled by what they tell) and list refreshes. */
export function useRealtime(): void {
  const token = useSessionToken();
  const userId = useSessionUser()?.id;
  const notify = useNotify();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token || !userId) return;
    const socket = connectRealtime(
      { token, userId },
      {
        onMessage: (n) => {
          const message = notificationMessage(n);
          if (message) notify(message.key, { type: message.type, messageArgs: message.args });
          STALE_RESOURCES[n.type].forEach((resource) => markStale(queryClient, resource));
          publishLiveNotification(n);
        },
      },
    );
    const unregister = onLogout(() => socket.disconnect());
    return () => {
      unregister();
      socket.disconnect();
    };
  }, [token, userId, notify, queryClient]);
}
