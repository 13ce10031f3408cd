import { describe, expect, it } from 'vitest';
import { ACTIONS, RESOURCES, ROLE, scopeOf, type RoleKey, type Scope } from '../../../src/domain';
import { DECLARATIONS } from '../../../src/domain/declarations/registry';
import { EXPECTED, type Expected, type ExpectedRow } from '../../permissionExpectations';

/*
 * The permission table the server and the web app enforce (the declarations' rows and the
 * other rows of src/domain/permissions.ts), cell by cell against the product's rules written by
 * hand in tests/permissionExpectations.ts. A changed cell of any row fails here, and so does a
 * resource that nobody has written the rules of.
 */
const ROLE_KEYS = Object.keys(ROLE) as RoleKey[];
const FILE = 'tests/permissionExpectations.ts';

const reading = (scope: Scope): Expected => (scope === 'all' ? 'allowed' : scope === 'none' ? 'refused' : scope);

/** The table's row of a resource, in the words of the expectations. */
const enforced = (resource: string): ExpectedRow =>
  Object.fromEntries(
    ROLE_KEYS.map((role) => [
      role,
      Object.fromEntries(ACTIONS.map((action) => [action, reading(scopeOf(ROLE[role], action, resource))])),
    ]),
  ) as unknown as ExpectedRow;

const hasRow = (resource: string) => Object.hasOwn(EXPECTED, resource);

describe('the permission table against the product’s rules', () => {
  it('has an expectation row for every declared resource and every other row of the table', () => {
    const resources = [...new Set([...DECLARATIONS.map((def) => def.name), ...RESOURCES])];
    const missing = resources.filter((resource) => !hasRow(resource));
    expect(
      missing,
      `No expectation row for ${missing.join(', ')}: add one to the expectation table in ${FILE}, ` +
        'written from the product’s rules (who may list, show, create, update and delete it), not copied ' +
        'from the declaration; docs/adding-a-resource.md shows how.',
    ).toEqual([]);
  });

  it('has no expectation row for a resource the table does not have', () => {
    const stale = Object.keys(EXPECTED).filter((resource) => !RESOURCES.includes(resource));
    expect(stale, `Remove these rows from ${FILE}: no such resource`).toEqual([]);
  });

  it.each(RESOURCES.filter(hasRow).map((resource) => [resource]))(
    '%s: every role and action as the product says',
    (resource) => {
      expect(
        enforced(resource),
        `${resource}: the enforced row (+ received) against its expectation row in ${FILE} (- expected)`,
      ).toEqual(EXPECTED[resource]);
    },
  );
});
