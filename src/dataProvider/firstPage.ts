import type { QueryClient } from '@tanstack/react-query';
import type { GetListParams, GetListResult } from 'ra-core';

/** A list's first page as react-admin asks for it when nothing in the address or the store says otherwise. */
export interface FirstPageRequest {
  resource: string;
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>;
}

interface Early {
  key: string;
  request: FirstPageRequest;
  promise: Promise<GetListResult>;
  result?: GetListResult;
  /** When it was asked for (ms since the epoch). */
  at: number;
}

/**
 * An early answer no list took within this long is dropped: the list's own first request comes
 * within the page's load; a later one (a live update's refetch) must read the server.
 */
export const FIRST_PAGE_TTL_MS = 3_000;

/*
 * A list opened by a full page load is asked for beside the shell's code, not after the shell's
 * first render: its answer is then in react-admin's query cache when the list first renders
 * (its rows appear in that render, with no loading pass), and the list's own request on mount is
 * answered by the same response instead of a second one. One page, used once.
 */
let early: Early | undefined;

/** The early entry, unless it is past its time (then dropped). */
function current(now = Date.now()): Early | undefined {
  if (early && now - early.at > FIRST_PAGE_TTL_MS) early = undefined;
  return early;
}

const keyOf = (resource: string, params: Partial<GetListParams>): string =>
  JSON.stringify([resource, params.pagination, params.sort, params.filter ?? {}]);

/** Starts the request of `request` with the data provider's own getList (failures are the list's to show). */
export function prefetchFirstPage(
  request: FirstPageRequest,
  getList: (resource: string, params: GetListParams) => Promise<GetListResult>,
): void {
  const entry: Early = {
    key: keyOf(request.resource, request.params),
    request,
    promise: getList(request.resource, request.params as GetListParams),
    at: Date.now(),
  };
  entry.promise.then(
    (result) => (entry.result = result),
    () => {
      if (early === entry) early = undefined;
    },
  );
  early = entry;
}

/**
 * Settles when the early request has (or there is none), or after `ms`: the shell's first render
 * waits for it that long, since a list's rows rendered in a second pass cost more than the wait.
 */
export function firstPageSettled(ms: number): Promise<unknown> {
  const entry = current();
  if (!entry) return Promise.resolve();
  return Promise.race([entry.promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** The early answer, once, when `params` are the ones it was asked with. */
export function takeFirstPage(resource: string, params: Partial<GetListParams>): Promise<GetListResult> | undefined {
  const entry = current();
  if (!entry || entry.key !== keyOf(resource, params)) return undefined;
  early = undefined;
  return entry.promise;
}

/** Drops the early answer: after a write, a list must read the server again. */
export function dropFirstPage(): void {
  early = undefined;
}

/** Puts an early answer already there into react-admin's query cache, under the list's own query key. */
export function seedFirstPage(queryClient: QueryClient): void {
  const entry = current();
  if (!entry?.result) return;
  const { resource, params } = entry.request;
  const { data, total, pageInfo, meta } = entry.result;
  queryClient.setQueryData([resource, 'getList', params], { data, total, pageInfo, meta });
}
