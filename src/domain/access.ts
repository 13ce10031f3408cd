import type { RoleKey } from './roles';

/**
 * The shape of one row of the permission table. Each cell is the scope of records a role may act on:
 * - all: every record of every company;
 * - company: records of the actor's own company;
 * - own: the actor's own record (their user, or what they created: the declaration's `ownerField`);
 * - member: records the actor is a member of (the declaration's `membership`);
 * - none: the role may not do this at all (403).
 * A declaration declares its row here; the table itself is assembled in permissions.ts.
 */
export type Scope = 'all' | 'company' | 'own' | 'member' | 'none';
export const ACTIONS = ['list', 'show', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * One role's scopes, each action by name: `{ list: 'company', show: 'company', create: 'none', … }`.
 * Every action is required and no other key is accepted, so a missing or misspelt action does
 * not compile (an object literal with a key the type does not have is an error).
 */
export type Scopes = Readonly<Record<Action, Scope>>;
/** A row of the permission table: the scopes of each role. */
export type PermissionRow = Readonly<Record<RoleKey, Scopes>>;

/**
 * The row of another resource, reused on purpose (studio subscriptions follow licences). A
 * declaration says so explicitly: sharing a row means sharing every cell, including who creates.
 */
export interface SharedAccess {
  sameAs: string;
}

export type Access = PermissionRow | SharedAccess;

export const isSharedAccess = (access: Access): access is SharedAccess => 'sameAs' in access;

export const scopeIn = (row: PermissionRow, role: RoleKey, action: Action): Scope => row[role][action];
