import type { ResourceDef } from './resource';

/** Where the control room's screens live in the browser: the web shell's basename. */
export const SHELL_BASE = '/controlroom';

export interface ScreenPaths {
  /** Absolute browser paths; `show` (and `edit` when declared) hold `:id`. */
  list: string;
  create: string;
  show: string;
  edit?: string;
}

/**
 * The browser paths of a resource's screens: the ones its declaration names (e.g.
 * /controlroom/company/view), `/controlroom/<name>`, `…/create`, `…/details/:id` otherwise.
 * Update has no path of its own unless declared: it opens the details page in edit mode.
 * The web app routes them and the sidebar links to them.
 */
export function screenPathsOf(def: Pick<ResourceDef, 'name' | 'routes'>): ScreenPaths {
  const list = def.routes?.list ?? `${SHELL_BASE}/${def.name}`;
  return {
    list,
    create: def.routes?.create ?? `${list}/create`,
    show: def.routes?.show ?? `${list}/details/:id`,
    edit: def.routes?.edit,
  };
}
