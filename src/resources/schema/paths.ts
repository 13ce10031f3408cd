import type { Identifier } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';
import { SHELL_BASE, screenPathsOf, type ScreenPaths } from '../../domain/screens';

/** The Admin's basename: the browser paths are absolute, react-admin's custom routes are relative to it. */
export { SHELL_BASE, type ScreenPaths as SchemaPaths } from '../../domain/screens';

/** The client routes of a resource (the domain's rule, shared with the sidebar). */
export const pathsOf = (def: ResourceDef): ScreenPaths => screenPathsOf(def);

const withId = (pattern: string, id: Identifier) => pattern.replace(':id', encodeURIComponent(String(id)));

export const EDIT_MODE_PARAM = 'mode';
export const EDIT_MODE_VALUE = 'edit';

export const showPathOf = (def: ResourceDef, id: Identifier): string => withId(pathsOf(def).show, id);

export function editPathOf(def: ResourceDef, id: Identifier): string {
  const { edit } = pathsOf(def);
  return edit ? withId(edit, id) : `${showPathOf(def, id)}?${EDIT_MODE_PARAM}=${EDIT_MODE_VALUE}`;
}

/** A path below the shell as react-admin's routes and redirects want it (without the basename). */
export const relativeToShell = (path: string): string =>
  path.startsWith(SHELL_BASE) ? path.slice(SHELL_BASE.length) || '/' : path;
