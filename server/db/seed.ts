import { ROLE } from '../../src/domain';
import { hashPassword } from '../auth/passwords';
import type { Database } from './client';
import { createRepositories } from './repositories';

export interface SeedResult {
  adminEmail: string;
  /** True on the start that created the Super Admin (the only time its password is printed). */
  adminCreated: boolean;
}

/** Roles always; a Super Admin from the configuration when none exists yet. */
export async function seed(db: Database, admin: { email: string; password: string }): Promise<SeedResult> {
  const repos = createRepositories(db);
  await repos.roles.ensureSeeded();
  if (await repos.users.existsWithRole(ROLE.superAdmin)) return { adminEmail: admin.email, adminCreated: false };
  const existing = await repos.users.findActiveByEmail(admin.email);
  if (existing) return { adminEmail: admin.email, adminCreated: false };
  await repos.users.create({
    email: admin.email,
    fullName: 'Super Admin',
    passwordHash: await hashPassword(admin.password),
    role: ROLE.superAdmin,
    companyId: null,
    isFirstLogin: false,
    enabledEmailSchedule: true,
  });
  return { adminEmail: admin.email, adminCreated: true };
}
