import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { markStale } from '../../../src/custom/realtime/staleQueries';

/** A server whose answers are held until the test lets them go, each saying the state of its moment. */
function heldServer() {
  let state = 'Running';
  const held: (() => void)[] = [];
  return {
    set: (next: string) => void (state = next),
    read: () => {
      const answer = state;
      return new Promise<string>((resolve) => held.push(() => resolve(answer)));
    },
    release: () => held.splice(0).forEach((go) => go()),
    waiting: () => held.length,
  };
}

const settled = async (client: QueryClient, key: unknown[]) => {
  for (let i = 0; i < 50 && client.isFetching({ queryKey: key }) > 0; i++) await new Promise((r) => setTimeout(r, 1));
};

describe('a live change marks a resource stale', () => {
  it('reads again a page’s first read that was in flight when the change came, so it shows the change', async () => {
    const client = new QueryClient();
    const server = heldServer();
    const key = ['processes', 'getOne', { id: '1' }];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    // The page's first read left while the run was Running; the run ends before its answer lands.
    expect(server.waiting()).toBe(1);
    server.set('Completed Successfully');
    markStale(client, 'processes');
    server.release();
    await new Promise((r) => setTimeout(r, 0));
    server.release();
    await settled(client, key);
    expect(client.getQueryData(key)).toBe('Completed Successfully');
    unsubscribe();
  });

  it('reads a page that already shows data again at once', async () => {
    const client = new QueryClient();
    const server = heldServer();
    const key = ['processes', 'list'];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: server.read });
    const unsubscribe = observer.subscribe(() => undefined);
    server.release();
    await settled(client, key);
    expect(client.getQueryData(key)).toBe('Running');
    server.set('Failed');
    markStale(client, 'processes');
    server.release();
    await settled(client, key);
    expect(client.getQueryData(key)).toBe('Failed');
    unsubscribe();
  });
});
