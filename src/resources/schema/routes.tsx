import type { ReactElement, ReactNode } from 'react';
import { Resource } from 'react-admin';
import { Route, useLocation, useParams } from 'react-router-dom';
import { can, canAccessRoute, type Action } from '../../domain';
import { actorOf } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { NotAllowed } from './NotAllowed';
import { pathsOf, relativeToShell } from './paths';
import { SchemaCreate } from './SchemaCreate';
import { SchemaDetails } from './SchemaDetails';
import { SchemaEdit } from './SchemaEdit';
import { SchemaList } from './SchemaList';
import type { SchemaResource } from './types';

/**
 * A schema route opens only for who may: the domain's route rules (canAccessRoute)
 * and the resource's row of the permission table. Anyone else sees "Not allowed" in the shell.
 */
export const SchemaRoute = ({
  resource,
  action,
  children,
}: {
  resource: SchemaResource;
  action: Action;
  children: ReactNode;
}) => {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!user) return null;
  const allowed = canAccessRoute(user, pathname) && can(actorOf(user), action, resource.def);
  return allowed ? children : <NotAllowed />;
};

const EditRoute = ({ resource }: { resource: SchemaResource }) => {
  const { id } = useParams();
  const { edit: Edit } = resource;
  if (!id) return null;
  return Edit ? <Edit /> : <SchemaEdit resource={resource} id={id} />;
};

/** A resource's screens: its override where it has one, the schema's otherwise. */
function screens(resource: SchemaResource) {
  const { list: List, create: Create, details: Details } = resource;
  return {
    list: List ? <List /> : <SchemaList resource={resource} />,
    create: Create ? <Create /> : <SchemaCreate resource={resource} />,
    show: Details ? <Details /> : <SchemaDetails resource={resource} />,
  };
}

/**
 * The routes of the schema resources at the spec's paths (relative to the Admin's basename),
 * for <CustomRoutes>: list, create and details (show, and update with ?mode=edit).
 */
export function schemaRoutes(resources: readonly SchemaResource[]): ReactElement[] {
  return resources
    .filter((resource) => resource.routes !== false)
    .flatMap((resource) => {
      const { name } = resource.def;
      const paths = pathsOf(resource.def);
      const screen = screens(resource);
      const route = (key: string, path: string, action: Action, element: ReactElement) => (
        <Route
          key={`${name}-${key}`}
          path={relativeToShell(path)}
          element={
            <SchemaRoute resource={resource} action={action}>
              {element}
            </SchemaRoute>
          }
        />
      );
      const out = [route('list', paths.list, 'list', screen.list), route('show', paths.show, 'show', screen.show)];
      if (resource.createPage !== false) out.push(route('create', paths.create, 'create', screen.create));
      if (paths.edit) out.push(route('edit', paths.edit, 'update', <EditRoute resource={resource} />));
      return out;
    });
}

/**
 * <Resource> registrations (no screens: the routes above are the spec's): react-admin learns
 * each resource's record representation, used in confirmations and reference inputs.
 */
export function schemaResourceElements(resources: readonly SchemaResource[]): ReactElement[] {
  return resources.map((resource) => (
    <Resource
      key={resource.def.name}
      name={resource.def.name}
      recordRepresentation={resource.def.recordRepresentation}
    />
  ));
}
