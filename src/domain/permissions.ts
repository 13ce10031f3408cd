import { ROLE, isPlatformRole, type RoleName } from './roles';

/**
 * The permission table of spec §6 as data. Each cell is the scope of records a role may act on:
 * - all: any record of any company;
 * - company: records of the actor's own company;
 * - own: the actor's own record (their user, or what they created);
 * - member: groups the actor belongs to;
 * - none: the role may not do this at all (403).
 */
export type Scope = 'all' | 'company' | 'own' | 'member' | 'none';
export const ACTIONS = ['list', 'show', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export const RESOURCES = [
  'companies',
  'users',
  'groups',
  'registrationTokens',
  'licences',
  'bots',
  'agents',
  'processes',
  'schedules',
  'emailConfigurations',
  'dashboard',
  'audit',
  'demoRequests',
] as const;
export type Resource = (typeof RESOURCES)[number];

type Row = Record<Action, Scope>;
/** Columns: Super Admin, Sub Admin, Customer Admin, User. */
type Cells = [Row, Row, Row, Row];
const r = (list: Scope, show: Scope, create: Scope, update: Scope, del: Scope): Row => ({ list, show, create, update, delete: del });

const TABLE: Record<Resource, Cells> = {
  companies: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'all'), r('none', 'company', 'none', 'none', 'none'), r('none', 'company', 'none', 'none', 'none')],
  users: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'company', 'company', 'company'), r('own', 'own', 'none', 'own', 'none')],
  groups: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'company', 'company', 'company'), r('member', 'member', 'none', 'none', 'none')],
  registrationTokens: [r('all', 'all', 'all', 'none', 'all'), r('all', 'all', 'all', 'none', 'all'), r('company', 'company', 'company', 'none', 'company'), r('none', 'none', 'none', 'none', 'none')],
  licences: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none')],
  bots: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'company', 'company', 'company'), r('company', 'company', 'company', 'own', 'own')],
  agents: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'company', 'company', 'company'), r('company', 'company', 'none', 'company', 'none')],
  processes: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'all'), r('company', 'company', 'company', 'company', 'company'), r('company', 'company', 'company', 'own', 'own')],
  schedules: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'all'), r('company', 'company', 'company', 'company', 'company'), r('company', 'company', 'company', 'own', 'own')],
  emailConfigurations: [r('all', 'all', 'all', 'all', 'all'), r('all', 'all', 'all', 'all', 'none'), r('company', 'company', 'company', 'company', 'company'), r('own', 'own', 'own', 'own', 'own')],
  dashboard: [r('all', 'all', 'none', 'none', 'none'), r('all', 'all', 'none', 'none', 'none'), r('company', 'company', 'none', 'none', 'none'), r('company', 'company', 'none', 'none', 'none')],
  audit: [r('all', 'all', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none')],
  demoRequests: [r('all', 'all', 'none', 'none', 'none'), r('all', 'all', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none'), r('none', 'none', 'none', 'none', 'none')],
};

const COLUMN: Record<RoleName, 0 | 1 | 2 | 3> = {
  [ROLE.superAdmin]: 0,
  [ROLE.subAdmin]: 1,
  [ROLE.customerAdmin]: 2,
  [ROLE.user]: 3,
};

export interface Actor {
  id: string;
  role: RoleName;
  companyId: string | null;
}

/** What is known of the record acted on. Omit it for list and create-without-company checks. */
export interface Target {
  /** The record's company; null for a Super Admin or a platform-wide record. */
  companyId?: string | null;
  /** Whose record it is: the user's own id for users, the creator for bots, processes, schedules. */
  ownerId?: string | null;
  /** For groups: the members. */
  memberIds?: readonly string[];
  /** For users: the target user's role (a Sub Admin cannot update a Super Admin). */
  role?: RoleName;
}

export type Decision = 'allow' | 'forbidden' | 'notFound';

export const scopeOf = (role: RoleName, action: Action, resource: Resource): Scope => TABLE[resource][COLUMN[role]][action];

/**
 * Who may do what to which record. A record of another company answers notFound, never
 * forbidden, so that its existence is not revealed (DESIGN §4).
 */
export function decide(actor: Actor, action: Action, resource: Resource, target?: Target): Decision {
  const scope = scopeOf(actor.role, action, resource);
  if (scope === 'none') return 'forbidden';
  if (resource === 'users' && action === 'update' && actor.role === ROLE.subAdmin && target?.role === ROLE.superAdmin) {
    return 'forbidden';
  }
  if (!target || scope === 'all') return 'allow';
  const sameCompany = isPlatformRole(actor.role) || (target.companyId ?? null) === actor.companyId;
  if (!sameCompany) return 'notFound';
  switch (scope) {
    case 'company':
      return 'allow';
    case 'own':
      return target.ownerId === actor.id ? 'allow' : resource === 'users' ? 'notFound' : 'forbidden';
    case 'member':
      return target.memberIds?.includes(actor.id) ? 'allow' : 'notFound';
  }
}

export const can = (actor: Actor, action: Action, resource: Resource, target?: Target): boolean =>
  decide(actor, action, resource, target) === 'allow';
