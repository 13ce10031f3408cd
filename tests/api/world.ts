import { ROLE, type RoleName } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, type TestServer } from './helpers';

export type Who = 'super' | 'sub' | 'caA' | 'userA' | 'caB' | 'userB';
export interface Person {
  id: string;
  email: string;
  token: string;
  role: RoleName;
  companyId: string | null;
}

/** Two companies and a person of every role: the cast of the people-and-tenants suites. */
export interface World {
  companyA: string;
  companyB: string;
  roleIds: Record<RoleName, string>;
  people: Record<Who, Person>;
}

export const PASSWORD = 'Pass@1234';

const CAST: Record<Exclude<Who, 'super'>, { role: RoleName; company: 'A' | 'B' | null; name: string }> = {
  sub: { role: ROLE.subAdmin, company: null, name: 'Sam Sub' },
  caA: { role: ROLE.customerAdmin, company: 'A', name: 'Carla Acme' },
  userA: { role: ROLE.user, company: 'A', name: 'Uma Acme' },
  caB: { role: ROLE.customerAdmin, company: 'B', name: 'Carl Globex' },
  userB: { role: ROLE.user, company: 'B', name: 'Ugo Globex' },
};

export async function buildWorld(server: TestServer, tag = 'w'): Promise<World> {
  const companyA = await createCompany(server, `Acme ${tag}`);
  const companyB = await createCompany(server, `Globex ${tag}`);
  const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const people = {
    super: { id: admin.user.id, email: ADMIN_EMAIL, token: admin.token, role: ROLE.superAdmin, companyId: null },
  } as Record<Who, Person>;
  for (const [who, cast] of Object.entries(CAST) as [Exclude<Who, 'super'>, (typeof CAST)[Exclude<Who, 'super'>]][]) {
    const email = `${who.toLowerCase()}.${tag}@rpa.test`;
    const companyId = cast.company === 'A' ? companyA : cast.company === 'B' ? companyB : null;
    const user = await createUser(server, {
      email,
      password: PASSWORD,
      role: cast.role,
      companyId,
      fullName: cast.name,
    });
    people[who] = {
      id: user.id,
      email,
      token: (await login(server, email, PASSWORD)).token,
      role: cast.role,
      companyId,
    };
  }
  const roles = await call<{ payload: { rows: { id: string; name: RoleName }[] } }>(server, 'GET', '/api/role/all', {
    token: admin.token,
  });
  const roleIds = Object.fromEntries(roles.body.payload.rows.map((r) => [r.name, r.id])) as Record<RoleName, string>;
  return { companyA, companyB, roleIds, people };
}

export interface Envelope<T = Record<string, unknown>> {
  message: string;
  code?: string;
  payload: T;
  errors?: { field: string; message: string }[];
}
export interface ListPayload<T = Record<string, unknown>> {
  count: number;
  countCapped: boolean;
  rows: (T & { id: string })[];
}

/** A licence body for tests: monthly, from 2026 to 2099, with the bots and agents a test needs. */
export const openLicence = (limits: { maxBots: number; maxAgents: number }) => ({
  tenure: 'Monthly',
  currency: 'INR',
  amount: 100,
  ...limits,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
});

/** An agent's credentials, as its registration answers them. */
export interface AgentCredentials {
  agentId: string;
  secret: string;
}

/** Registers an agent of `who`'s company with a registration token `who` generates for it. */
export async function registerAgent(
  server: TestServer,
  w: World,
  who: Who,
  deviceId: string,
): Promise<AgentCredentials> {
  const generated = await call<Envelope<{ token: string }>>(server, 'POST', '/api/registrationToken/generate', {
    token: w.people[who].token,
    body: { type: 'agent' },
  });
  const registered = await call<Envelope<AgentCredentials>>(server, 'POST', '/api/agent/register', {
    body: { registrationToken: generated.body.payload.token, deviceId },
  });
  return registered.body.payload;
}
