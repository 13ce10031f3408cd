import { describe, expect, it } from 'vitest';
import { ROLE, buildMenu, menuEntriesOf, menuFor, scopeOf, type MenuNode, type RoleName } from '../../../src/domain';
import { DECLARATIONS } from '../../../src/domain/declarations/registry';
import { defineResource, type ResourceDef } from '../../../src/domain/resource';
import { screenPathsOf } from '../../../src/domain/screens';

// A resource that exists only in this test: a declaration with a menu entry, nothing else.
const gadgets = defineResource({
  name: 'gadgets',
  apiPrefix: 'gadget',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'none', show: 'none', create: 'none', update: 'none', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  menu: { section: 'manageUsers', order: 25, icon: 'inventory' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true },
    companyId: { type: 'reference', reference: 'companies', createOnly: true },
  },
});
// One at the top level, seen by every role that may list it (the plain User too).
const widgets = defineResource({
  name: 'widgets',
  apiPrefix: 'widget',
  access: { sameAs: 'bots' },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  routes: { list: '/controlroom/widget/view' },
  menu: { section: null, order: 25 },
  fields: { id: { type: 'string', readOnly: true }, name: { type: 'string', required: true, list: true } },
});

const MENU = buildMenu([...DECLARATIONS, gadgets, widgets]);
const ROLES = Object.values(ROLE);
const keysOf = (nodes: readonly MenuNode[]) => nodes.map((n) => n.key);
const sidebar = (role: RoleName) => menuFor({ role, enabledEmailSchedule: false }, undefined, MENU);
const section = (role: RoleName, key: string) => sidebar(role).find((n) => n.key === key)?.children ?? [];

describe('a declaration places itself in the sidebar', () => {
  it('at its section and order, labelled by its plural name, opening its list', () => {
    for (const role of [ROLE.superAdmin, ROLE.subAdmin]) {
      expect(keysOf(section(role, 'manageUsers'))).toEqual(expect.arrayContaining(['users', 'gadgets', 'groups']));
      const keys = keysOf(section(role, 'manageUsers'));
      expect(keys.indexOf('gadgets')).toBe(keys.indexOf('users') + 1);
      expect(keys.indexOf('groups')).toBe(keys.indexOf('gadgets') + 1);
    }
    const entry = section(ROLE.customerAdmin, 'manageUsers').find((n) => n.key === 'gadgets');
    expect(entry).toMatchObject({ label: 'resources.gadgets.name', path: '/controlroom/gadgets', icon: 'inventory' });
  });

  it('for the roles the permission table lets list it, and no other', () => {
    for (const role of [ROLE.superAdmin, ROLE.subAdmin, ROLE.customerAdmin]) {
      expect(keysOf(section(role, 'manageUsers')), role).toContain('gadgets');
    }
    expect(JSON.stringify(sidebar(ROLE.user))).not.toContain('gadgets');
  });

  it('at the top level between the bespoke entries, for every role that may list it', () => {
    for (const role of ROLES) {
      const keys = keysOf(sidebar(role));
      expect(keys.slice(0, 3), role).toEqual(['dashboard', 'agents', 'widgets']);
    }
    expect(MENU.find((n) => n.key === 'widgets')).toMatchObject({ path: '/controlroom/widget/view' });
  });

  it('refuses a section the sidebar does not have', () => {
    const lost = { ...widgets, menu: { section: 'nowhere', order: 1 } } as unknown as ResourceDef;
    expect(() => buildMenu([lost])).toThrow('widgets: no menu section nowhere');
  });
});

describe('the sidebar of the registry follows the permission table', () => {
  /** Every declared entry: its resource, the action of the screen it opens, and its section. */
  const entries = DECLARATIONS.flatMap((def: ResourceDef) => {
    return menuEntriesOf(def).map(
      (entry) => ({ def, entry, action: entry.path === 'create' ? 'create' : 'list' }) as const,
    );
  });
  const leaves = (nodes: readonly MenuNode[]): string[] =>
    nodes.flatMap((n) => (n.children ? leaves(n.children) : [n.path ?? '']));

  it('has entries to check', () => expect(entries.length).toBeGreaterThan(5));

  it.each(ROLES)('%s sees each entry whose screen it may open, within the groups shown to it', (role) => {
    const user = { role, enabledEmailSchedule: false };
    const shown = leaves(sidebar(role));
    const sectionShown = (key: string | null) => {
      const group = key === null ? undefined : MENU.find((n) => n.key === key);
      return !group?.visible || group.visible(user);
    };
    for (const { def, entry, action } of entries) {
      const may = scopeOf(role, action, def) !== 'none' && sectionShown(entry.section);
      const path = screenPathsOf(def)[entry.path ?? 'list'];
      expect(shown.includes(path), `${role} ${def.name} ${path}`).toBe(may);
    }
  });

  it('never shows the plain User Manage Users, and Companies only to Super and Sub Admin', () => {
    expect(keysOf(sidebar(ROLE.user))).not.toContain('manageUsers');
    for (const role of ROLES) {
      const platform = role === ROLE.superAdmin || role === ROLE.subAdmin;
      expect(keysOf(section(role, 'manageUsers')).includes('companies'), role).toBe(platform);
    }
  });
});
