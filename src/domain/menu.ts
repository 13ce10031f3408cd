import { ROLE, isAdminRole, isPlatformRole } from './roles';
import type { SessionUser } from './session';

/** The sidebar as data: the web app renders it, tests check its role rules. */
export interface MenuNode {
  key: string;
  path?: string;
  children?: MenuNode[];
  visible?: (user: Pick<SessionUser, 'role' | 'enabledEmailSchedule'>) => boolean;
}

const canEmailConfigure = (u: Pick<SessionUser, 'role' | 'enabledEmailSchedule'>) =>
  u.role === ROLE.superAdmin || u.role === ROLE.subAdmin || u.enabledEmailSchedule;

export const MENU: readonly MenuNode[] = [
  { key: 'dashboard', path: '/controlroom' },
  { key: 'agents', path: '/controlroom/agents' },
  {
    key: 'process',
    children: [
      { key: 'currentStatus', path: '/controlroom/process' },
      { key: 'historyLogs', path: '/controlroom/process/logs' },
    ],
  },
  {
    key: 'scheduling',
    children: [
      { key: 'scheduledPlans', path: '/controlroom/process/schedule/all' },
      { key: 'scheduledHistory', path: '/controlroom/process/schedule/history' },
    ],
  },
  {
    key: 'bots',
    children: [
      { key: 'createBots', path: '/controlroom/bots/create' },
      { key: 'viewBots', path: '/controlroom/bots/view' },
    ],
  },
  {
    key: 'manageUsers',
    visible: (u) => isAdminRole(u.role),
    children: [
      { key: 'companies', path: '/controlroom/company/view', visible: (u) => isPlatformRole(u.role) },
      { key: 'users', path: '/controlroom/user/view' },
      { key: 'groups', path: '/controlroom/groups' },
    ],
  },
  {
    key: 'userProfile',
    children: [
      { key: 'userDetails', path: '/controlroom/profile/userdetails' },
      { key: 'emailConfigurations', path: '/controlroom/profile/emailconfigurations', visible: canEmailConfigure },
    ],
  },
];

/**
 * The menu a user sees. `available` lists the paths whose screens exist in this build, so that
 * items of features not yet shipped never lead to a placeholder page.
 */
export function menuFor(
  user: Pick<SessionUser, 'role' | 'enabledEmailSchedule'>,
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

export function canAccessRoute(user: Pick<SessionUser, 'role' | 'enabledEmailSchedule'>, path: string): boolean {
  if (PLATFORM_ROUTES.some((p) => path.startsWith(p))) return isPlatformRole(user.role);
  if (ADMIN_ROUTES.some((p) => path.startsWith(p))) return isAdminRole(user.role);
  if (path.startsWith('/controlroom/profile/emailconfigurations')) return canEmailConfigure(user);
  return true;
}
