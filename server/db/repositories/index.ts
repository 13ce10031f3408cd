import type { Database } from '../client';
import { createDemoRequestsRepository } from './demoRequests';
import { createPasswordResetsRepository } from './passwordResets';
import { createRolesRepository } from './roles';
import { createSettingsRepository } from './settings';
import { createUsersRepository } from './users';

export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    demoRequests: createDemoRequestsRepository(db),
    settings: createSettingsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `work` in one transaction, with repositories bound to it. */
export function inTransaction<T>(db: Database, work: (repos: Repositories) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(createRepositories(tx)));
}

export type { UserRecord, NewUser } from './users';
export { normalizeEmail } from './users';
