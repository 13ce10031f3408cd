import { describe, expect, it } from 'vitest';
import { ACTIONS, ROLE, scopeOf, type PermissionRow } from '../../../src/domain';
import { defineResource } from '../../../src/domain/resource';

/*
 * A permission row names its actions. The `@ts-expect-error` lines are the test that a row
 * missing an action, or with a misspelt one, does not compile: `npx tsc` fails on an expected
 * error that does not happen, as it does on an unexpected one.
 */
const every = { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' } as const;

const declared = (access: PermissionRow) =>
  defineResource({
    name: 'gizmos',
    apiPrefix: 'gizmo',
    access,
    tenancy: 'company',
    recordRepresentation: 'id',
    defaultSort: { field: 'id', order: 'ASC' },
    fields: { id: { type: 'string', readOnly: true } },
  });

describe('a permission row', () => {
  it('does not compile with an action missing or misspelt', () => {
    const missing: PermissionRow = {
      superAdmin: every,
      subAdmin: every,
      customerAdmin: every,
      // @ts-expect-error -- no `delete`: every action must be written.
      user: { list: 'company', show: 'company', create: 'none', update: 'own' },
    };
    const misspelt: PermissionRow = {
      superAdmin: every,
      subAdmin: every,
      customerAdmin: every,
      // @ts-expect-error -- `destroy` is no action.
      user: { list: 'company', show: 'company', create: 'none', update: 'own', delete: 'none', destroy: 'none' },
    };
    const inADeclaration = defineResource({
      name: 'gadgets',
      apiPrefix: 'gadget',
      access: {
        superAdmin: every,
        subAdmin: every,
        customerAdmin: every,
        // @ts-expect-error -- `delet` is no action (and `delete` is then missing).
        user: { list: 'company', show: 'company', create: 'none', update: 'own', delet: 'none' },
      },
      tenancy: 'company',
      recordRepresentation: 'id',
      defaultSort: { field: 'id', order: 'ASC' },
      fields: { id: { type: 'string', readOnly: true } },
    });
    // They still exist at run time; the compiler is what refuses them.
    expect([missing, misspelt, inADeclaration]).toHaveLength(3);
  });

  it('is read by action name, whatever the order its actions are written in', () => {
    const def = declared({
      superAdmin: every,
      subAdmin: { delete: 'none', update: 'all', create: 'all', show: 'all', list: 'all' },
      customerAdmin: { show: 'company', list: 'company', delete: 'none', create: 'company', update: 'company' },
      user: { update: 'own', list: 'member', create: 'none', delete: 'none', show: 'company' },
    });
    expect(ACTIONS.map((action) => scopeOf(ROLE.subAdmin, action, def))).toEqual(['all', 'all', 'all', 'all', 'none']);
    expect(ACTIONS.map((action) => scopeOf(ROLE.customerAdmin, action, def))).toEqual([
      'company',
      'company',
      'company',
      'company',
      'none',
    ]);
    expect(ACTIONS.map((action) => scopeOf(ROLE.user, action, def))).toEqual([
      'member',
      'company',
      'none',
      'own',
      'none',
    ]);
  });
});
