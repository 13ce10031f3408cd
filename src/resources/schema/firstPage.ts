import { matchPath } from 'react-router-dom';
import { can, canAccessRoute, type SessionUser } from '../../domain';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { actorOf } from '../../authProvider/permissions';
import type { FirstPageRequest } from '../../dataProvider/firstPage';
import { pathsOf } from './paths';
import type { ShellResource } from './types';

/** The store's key of a list's page, sort and filters (react-admin's localStorageStore, default version). */
export const storedListParamsKey = (resource: string): string => `RaStore.${resource}.listParams`;

/**
 * The first page the routed list at `pathname` asks for when `user` opens it, if they may (the
 * rules its route checks) and its page, sort and filters are the defaults (none in the address's
 * query, none stored from an earlier visit); otherwise null.
 */
export function firstPageAt(
  resources: readonly ShellResource[],
  user: SessionUser,
  location: { pathname: string; search: string },
  stored: (key: string) => string | null,
): FirstPageRequest | null {
  if (location.search.replace(/^\?/, '') !== '') return null;
  const resource = resources.find(
    (candidate) => candidate.routes !== false && matchPath(pathsOf(candidate.def).list, location.pathname) !== null,
  );
  if (!resource || stored(storedListParamsKey(resource.def.name)) !== null) return null;
  if (!canAccessRoute(user, location.pathname) || !can(actorOf(user), 'list', resource.def)) return null;
  return {
    resource: resource.def.name,
    params: {
      pagination: { page: 1, perPage: DEFAULT_PAGE_SIZE },
      sort: { ...resource.def.defaultSort },
      filter: {},
    },
  };
}
