import { canConfigureEmail } from './declarations/emailConfigurations';
import { DECLARATIONS } from './declarations/registry';
import type { MenuEntry, MenuIcon, MenuSection, MenuUser } from './menuEntry';
import { scopeOf } from './permissions';
import type { ResourceDef } from './resource';
import { isAdminRole, isPlatformRole } from './roles';
import { screenPathsOf } from './screens';

export {
  MENU_ICON_NAMES,
  MENU_SECTIONS,
  type MenuEntry,
  type MenuIcon,
  type MenuSection,
  type MenuUser,
} from './menuEntry';

/** The sidebar as data: the web app renders it, tests check its role rules. */
export interface MenuNode {
  key: string;
  /** The i18n key of its label (read with a plural count); `menu.<key>` when absent. */
  label?: string;
  icon?: MenuIcon;
  path?: string;
  /** Position among its siblings, smallest first. */
  order?: number;
  children?: MenuNode[];
  visible?: (user: MenuUser) => boolean;
}

/** The entry's own rule: e-mail scheduling enabled for the user (the server answers 403 otherwise). */
const canEmailConfigure = canConfigureEmail;

/**
 * The bespoke part of the sidebar: the pages that are no declared resource (dashboard, history
 * logs, scheduling, the user's profile) and the groups declarations place themselves in. The
 * declared resources' entries join them by their section and order (buildMenu).
 */
const BESPOKE: readonly (MenuNode & { key: 'dashboard' | MenuSection })[] = [
  { key: 'dashboard', order: 10, icon: 'dashboard', path: '/controlroom' },
  {
    key: 'process',
    order: 30,
    icon: 'accountTree',
    children: [{ key: 'historyLogs', order: 20, icon: 'history', path: '/controlroom/process/logs' }],
  },
  {
    key: 'scheduling',
    order: 40,
    icon: 'schedule',
    children: [],
  },
  { key: 'bots', order: 50, icon: 'smartToy', children: [] },
  // People are managed by the admins: the plain User has no such group, whatever they may list.
  { key: 'manageUsers', order: 60, icon: 'manageAccounts', visible: (u) => isAdminRole(u.role), children: [] },
  {
    key: 'userProfile',
    order: 70,
    icon: 'accountCircle',
    children: [
      { key: 'userDetails', order: 10, icon: 'badge', path: '/controlroom/profile/userdetails' },
      {
        key: 'emailConfigurations',
        order: 20,
        icon: 'email',
        path: '/controlroom/profile/emailconfigurations',
        visible: canEmailConfigure,
      },
    ],
  },
];

/** A declaration's sidebar entries (one, several, or none). */
export const menuEntriesOf = (def: Pick<ResourceDef, 'menu'>): readonly MenuEntry[] =>
  def.menu === undefined ? [] : 'section' in def.menu ? [def.menu] : def.menu;

/** A declaration's entry: its screen, its label, and the roles the permission table lets open that screen. */
function nodeOf(def: ResourceDef, entry: MenuEntry): MenuNode {
  const page = entry.path ?? 'list';
  const action = page === 'create' ? 'create' : 'list';
  const extra = entry.visible;
  return {
    key: entry.key ?? (page === 'create' ? `${def.name}Create` : def.name),
    label: entry.key ? `menu.${entry.key}` : `resources.${def.name}.name`,
    icon: entry.icon,
    path: screenPathsOf(def)[page],
    order: entry.order,
    visible: (user) => scopeOf(user.role, action, def) !== 'none' && (!extra || extra(user)),
  };
}

const byOrder = (nodes: readonly MenuNode[]): MenuNode[] =>
  [...nodes]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((n) => (n.children ? { ...n, children: byOrder(n.children) } : n));

/** The whole sidebar: the bespoke pages and groups, plus each declaration's entries at their section and order. */
export function buildMenu(declarations: readonly ResourceDef[]): MenuNode[] {
  const top: MenuNode[] = BESPOKE.map((n) => (n.children ? { ...n, children: [...n.children] } : n));
  for (const def of declarations) {
    for (const entry of menuEntriesOf(def)) {
      const node = nodeOf(def, entry);
      const section = entry.section === null ? undefined : top.find((n) => n.key === entry.section);
      if (entry.section !== null && !section?.children)
        throw new Error(`${def.name}: no menu section ${entry.section}`);
      (section?.children ?? top).push(node);
    }
  }
  return byOrder(top);
}

/** The product's sidebar: the registry's resources and the bespoke pages. */
export const MENU: readonly MenuNode[] = buildMenu(DECLARATIONS);

/**
 * The menu a user sees. `available` lists the paths whose screens exist in this build, so that
 * items of features not yet shipped never lead to a placeholder page.
 */
export function menuFor(
  user: MenuUser,
  available?: ReadonlySet<string>,
  nodes: readonly MenuNode[] = MENU,
): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (node.visible && !node.visible(user)) continue;
    if (node.children) {
      const children = menuFor(user, available, node.children);
      if (children.length > 0) out.push({ ...node, children });
    } else if (!available || (node.path && available.has(node.path))) {
      out.push(node);
    }
  }
  return out;
}

/** Admin-only routes (not the plain User) and platform-only routes (Super/Sub Admin). */
const ADMIN_ROUTES = ['/controlroom/user/', '/controlroom/group/registration'];
const PLATFORM_ROUTES = ['/controlroom/company/'];

export function canAccessRoute(user: MenuUser, path: string): boolean {
  if (PLATFORM_ROUTES.some((p) => path.startsWith(p))) return isPlatformRole(user.role);
  if (ADMIN_ROUTES.some((p) => path.startsWith(p))) return isAdminRole(user.role);
  if (path.startsWith('/controlroom/profile/emailconfigurations')) return canEmailConfigure(user);
  return true;
}
