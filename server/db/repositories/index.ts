import type { Database } from '../client';
import { createDemoRequestsRepository } from './demoRequests';
import { createPasswordResetsRepository } from './passwordResets';
import { createRolesRepository } from './roles';
import { createSettingsRepository } from './settings';
import { createUsersRepository } from './users';

/** What repositories tell the rest of the server (e.g. to drop a cached login). */
export interface RepositoryEvents {
  /** A user's role, company, password or deletion changed. */
  userChanged?: (userId: string) => void;
}

export function createRepositories(db: Database, events: RepositoryEvents = {}) {
  return {
    users: createUsersRepository(db, events),
    roles: createRolesRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    demoRequests: createDemoRequestsRepository(db),
    settings: createSettingsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `work` in one transaction, with repositories bound to it. */
export function inTransaction<T>(
  db: Database,
  work: (repos: Repositories, tx: Database) => Promise<T>,
  events: RepositoryEvents = {},
): Promise<T> {
  return db.transaction((tx) => work(createRepositories(tx, events), tx));
}

export type { UserRecord, NewUser } from './users';
export { normalizeEmail } from './users';
