import { Suspense, use, type ReactElement, type ReactNode } from 'react';
import { Resource } from 'react-admin';
import { Route, matchPath, useLocation } from 'react-router-dom';
import { can, canAccessRoute, type Action } from '../../domain';
import type { ResourceDef } from '../../domain/resource';
import { actorOf } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { Spinner } from '../../app/Spinner';
import { loadScreens } from './lazyScreens';
import { NotAllowed } from './NotAllowed';
import { pathsOf, relativeToShell } from './paths';
import type { ScreenKind } from './ResourceScreen';
import type { ShellResource } from './types';

/**
 * A schema route opens only for who may: the domain's route rules (canAccessRoute)
 * and the resource's row of the permission table. Anyone else sees "Not allowed" in the shell.
 */
export const SchemaRoute = ({
  resource,
  action,
  children,
}: {
  resource: { def: ResourceDef };
  action: Action;
  children: ReactNode;
}) => {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!user) return null;
  const allowed = canAccessRoute(user, pathname) && can(actorOf(user), action, resource.def);
  return allowed ? children : <NotAllowed />;
};

/** The screen once its code is there: at once when an earlier route downloaded it, else it suspends. */
const LoadedScreen = ({ resource, kind }: { resource: ShellResource; kind: ScreenKind }) => {
  const entry = loadScreens(resource);
  const { resource: loaded, Screen } = entry.value ?? use(entry.promise);
  return <Screen resource={loaded} kind={kind} />;
};

/** The routed resources' pages, each with the action the permission table checks. */
function pagesOf(resource: ShellResource): { kind: ScreenKind; path: string; action: Action }[] {
  const paths = pathsOf(resource.def);
  const pages: { kind: ScreenKind; path: string; action: Action }[] = [
    { kind: 'list', path: paths.list, action: 'list' },
    { kind: 'show', path: paths.show, action: 'show' },
  ];
  if (resource.createPage !== false) pages.push({ kind: 'create', path: paths.create, action: 'create' });
  if (paths.edit) pages.push({ kind: 'edit', path: paths.edit, action: 'update' });
  return pages;
}

/**
 * The routes of the schema resources at the spec's paths (relative to the Admin's basename),
 * for <CustomRoutes>: list, create and details (show, and update with ?mode=edit). Each screen's
 * code is downloaded with its route; the spinner holds the content area meanwhile.
 */
export function schemaRoutes(resources: readonly ShellResource[]): ReactElement[] {
  return resources
    .filter((resource) => resource.routes !== false)
    .flatMap((resource) =>
      pagesOf(resource).map(({ kind, path, action }) => (
        <Route
          key={`${resource.def.name}-${kind}`}
          path={relativeToShell(path)}
          element={
            <SchemaRoute resource={resource} action={action}>
              <Suspense fallback={<Spinner />}>
                <LoadedScreen resource={resource} kind={kind} />
              </Suspense>
            </SchemaRoute>
          }
        />
      )),
    );
}

/**
 * Starts downloading the screens of the resource page at `pathname` (an address of the browser),
 * so a cold load fetches them while the shell starts rather than after it rendered; settles when
 * they are there (or failed: the route then shows the failure itself).
 */
export function preloadScreensAt(resources: readonly ShellResource[], pathname: string): Promise<unknown> {
  const resource = resources.find(
    (candidate) =>
      candidate.routes !== false && pagesOf(candidate).some(({ path }) => matchPath(path, pathname) !== null),
  );
  return resource ? loadScreens(resource).promise.catch(() => undefined) : Promise.resolve();
}

/** Starts downloading every routed resource's screens (each one once). */
export const preloadAllScreens = (resources: readonly ShellResource[]): Promise<unknown> =>
  Promise.all(
    resources.filter((resource) => resource.routes !== false).map((resource) => loadScreens(resource).promise),
  ).catch(() => undefined);

/**
 * <Resource> registrations (no screens: the routes above are the spec's): react-admin learns
 * each resource's record representation, used in confirmations and reference inputs.
 */
export function schemaResourceElements(resources: readonly ShellResource[]): ReactElement[] {
  return resources.map((resource) => (
    <Resource
      key={resource.def.name}
      name={resource.def.name}
      recordRepresentation={resource.def.recordRepresentation}
    />
  ));
}
