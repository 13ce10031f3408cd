import type { RoleKey } from '../../src/domain';
import { EXPECTED, type Expected, type ExpectedRow } from '../permissionExpectations';
import type { Role } from './permissionBespoke';
import type { Which } from './permissionFixtures';

/*
 * The answers the hand-written expectation table (tests/permissionExpectations.ts) gives over
 * HTTP, for the permission test to ask the server without reading the table it enforces.
 */
export const ROLE_KEY: Readonly<Record<Role, RoleKey>> = {
  super: 'superAdmin',
  sub: 'subAdmin',
  caA: 'customerAdmin',
  userA: 'user',
};

export function expectedRowOf(resource: string): ExpectedRow {
  if (!Object.hasOwn(EXPECTED, resource))
    throw new Error(`${resource}: no row in the expectation table of tests/permissionExpectations.ts; add one`);
  return EXPECTED[resource];
}

/** A list answers 200 to every role that may list at all (bounded to what it may see), else 403. */
export const listStatus = (cell: Expected): number => (cell === 'refused' ? 403 : 200);

/**
 * Reading a record of the actor's company (A) or another (B): another company's record is never
 * revealed (404). Whether an `own` or `member` record of A is the actor's depends on the record,
 * not on the cell: undefined, not checked here.
 */
export function readingStatus(cell: Expected, x: Which): number | undefined {
  if (cell === 'allowed') return 200;
  if (cell === 'refused') return 403;
  if (x === 'B') return 404;
  return cell === 'company' ? 200 : undefined;
}
