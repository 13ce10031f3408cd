import type { Identifier } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';

/** The Admin's basename: the product's routes are absolute, react-admin's custom routes are relative to it. */
export const SHELL_BASE = '/controlroom';

export interface SchemaPaths {
  /** Absolute browser paths; `show` (and `edit` when declared) hold `:id`. */
  list: string;
  create: string;
  show: string;
  edit?: string;
}

/**
 * The client routes of a resource: the spec's where the declaration names them (e.g.
 * /controlroom/company/view), `/controlroom/<name>`, `…/create`, `…/details/:id` otherwise.
 * Update has no route of its own: it opens the details page in edit mode.
 */
export function pathsOf(def: ResourceDef): SchemaPaths {
  const list = def.routes?.list ?? `${SHELL_BASE}/${def.name}`;
  return {
    list,
    create: def.routes?.create ?? `${list}/create`,
    show: def.routes?.show ?? `${list}/details/:id`,
    edit: def.routes?.edit,
  };
}

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
