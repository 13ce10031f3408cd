import { asc } from 'drizzle-orm';
import { ROLE_NAMES } from '../../../src/domain';
import type { Database } from '../client';
import { roles } from '../schema';

export interface RoleItem {
  id: string;
  name: string;
}

/** The order of ROLE_NAMES (most to least powerful), not alphabetical. */
const rank = (name: string): number => {
  const i = ROLE_NAMES.findIndex((r) => r === name);
  return i === -1 ? ROLE_NAMES.length : i;
};

export function createRolesRepository(db: Database) {
  return {
    async all(): Promise<RoleItem[]> {
      const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name));
      return rows.sort((a, b) => rank(a.name) - rank(b.name));
    },
    async ensureSeeded(): Promise<void> {
      await db
        .insert(roles)
        .values(ROLE_NAMES.map((name) => ({ name })))
        .onConflictDoNothing({ target: roles.name });
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
