import type { RoleName } from '../../src/domain';
import { hashPassword } from '../../server/auth/passwords';
import { companies } from '../../server/db/schema';
import type { UserRecord } from '../../server/db/repositories';
import type { TestServer } from './helpers';

export async function createCompany(server: TestServer, name: string): Promise<string> {
  const [row] = await server.app.database.db.insert(companies).values({ name }).returning({ id: companies.id });
  return row.id;
}

export interface UserInput {
  email: string;
  password: string;
  role: RoleName;
  companyId?: string | null;
  fullName?: string;
  isFirstLogin?: boolean;
}

/** A user straight into the database (the register call arrives with the users issue). */
export async function createUser(server: TestServer, input: UserInput): Promise<UserRecord> {
  return server.app.repos.users.create({
    email: input.email,
    fullName: input.fullName ?? 'Test User',
    passwordHash: await hashPassword(input.password),
    role: input.role,
    companyId: input.companyId ?? null,
    isFirstLogin: input.isFirstLogin ?? false,
  });
}
