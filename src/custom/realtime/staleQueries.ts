import type { QueryClient } from '@tanstack/react-query';

/**
 * Marks a resource's cached queries stale after a live change: those on screen are read again.
 * React Query does not restart a first read still in flight (a page just opened, nothing cached
 * yet), and that read may hold what the server had before the change, so it is read once more
 * when it lands: a run's page opened while the run ends would otherwise keep saying Running.
 */
export function markStale(queryClient: QueryClient, resource: string): void {
  void queryClient.invalidateQueries({ queryKey: [resource] });
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [resource], fetchStatus: 'fetching' })) {
    if (query.state.data !== undefined) continue;
    // fetch() hands back the read in flight, not a new one.
    void query.fetch().then(
      () => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      () => undefined,
    );
  }
}
