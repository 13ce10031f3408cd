import type { SessionUser } from './session';

/** What the sidebar knows of the signed-in user. */
export type MenuUser = Pick<SessionUser, 'role' | 'enabledEmailSchedule'>;

/** The sidebar's groups a declaration can place itself in; `null` in an entry means the top level. */
export const MENU_SECTIONS = ['process', 'scheduling', 'bots', 'manageUsers', 'userProfile'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/**
 * The icons a sidebar entry may name. The domain cannot import MUI, so an entry names its
 * icon; the web app maps every name here to an MUI icon, and shows a default one for an entry
 * that names none.
 */
export const MENU_ICON_NAMES = [
  'dashboard',
  'computer',
  'accountTree',
  'playCircle',
  'history',
  'schedule',
  'eventNote',
  'eventRepeat',
  'smartToy',
  'addCircle',
  'viewList',
  'manageAccounts',
  'business',
  'people',
  'groups',
  'factCheck',
  'accountCircle',
  'badge',
  'email',
  // Spare ones for new resources.
  'article',
  'category',
  'description',
  'event',
  'folder',
  'inventory',
  'key',
  'label',
  'receipt',
  'settings',
  'storage',
  'work',
] as const;
export type MenuIcon = (typeof MENU_ICON_NAMES)[number];

/**
 * Where a declared resource appears in the sidebar. Who sees the entry follows from the
 * permission table: the roles that may do the action of the screen it opens (list, or create
 * for a create page), and only where its section is shown (Manage Users: not the plain User).
 */
export interface MenuEntry {
  /** The group it sits in, or null for the top level (between the groups, by order). */
  section: MenuSection | null;
  /** Position among its siblings, smallest first (the bespoke entries use multiples of 10). */
  order: number;
  /** Without one, the web app's default icon. */
  icon?: MenuIcon;
  /** The screen it opens: the resource's list (the default) or its create page. */
  path?: 'list' | 'create';
  /**
   * Its label is `menu.<key>` when given; otherwise the resource's plural name
   * (`resources.<name>.name`), so a new resource needs no menu label of its own.
   */
  key?: string;
  /** A rule beyond the permission table (e.g. a user setting), when one is needed. */
  visible?: (user: MenuUser) => boolean;
}
