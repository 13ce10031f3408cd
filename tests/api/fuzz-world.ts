import { ROLE } from '../../src/domain';
import { createCompany, createUser } from './fixtures';
import { WORKFLOW_FILE, type Operation } from './fuzz-cases';
import { call, type TestServer } from './helpers';

/**
 * Real records for the fuzz walk, so that a bad value sent to an existing record or company
 * gets past the look-ups to the code that would write it. `values` holds plausible field
 * values by field name; `pathIds` the id of a record by the path prefix of its operations.
 */
export interface FuzzWorld {
  values: Record<string, string>;
  pathIds: Record<string, string>;
}

interface Created {
  payload: { id: string; token?: string; agentId?: string; rows?: { id: string; name?: string }[] };
}

/** Plausible text by field name: each passes the product's rules for that field. */
export const PLAUSIBLE_TEXT: Record<string, string> = {
  name: 'Fuzz Name',
  fullName: 'Fuzz Person',
  firstName: 'Fuzz',
  lastName: 'Tester',
  companyName: 'Fuzz Company',
  address: '1 Fuzz Street',
  phone: '+12015550123',
  phoneNumber: '2015550123',
  countryCode: 'US',
  message: 'Hello from the fuzz test',
  description: 'A description long enough to pass',
  deviceId: 'fuzz-device',
  platform: 'linux',
  version: '6.0.0',
  // Never the Super Admin's: no probe can change the password it signs in with.
  password: 'Wrong@123',
  oldPassword: 'Wrong@123',
  newPassword: 'Wrong@123',
  confirmNewPassword: 'Wrong@123',
};

export async function buildFuzzWorld(server: TestServer, token: string): Promise<FuzzWorld> {
  const as = async (method: string, url: string, body?: unknown, form?: FormData) => {
    const res = await call<Created>(server, method, `/api${url}`, { token, body, form });
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
    return res.body.payload;
  };
  const companyId = await createCompany(server, 'Fuzz Company');
  const period = { startDate: '2026-01-01', endDate: '2099-12-31' };
  const licence = await as('POST', '/companyLicense/create', {
    companyId,
    tenure: 'Monthly',
    currency: 'INR',
    amount: 1,
    maxBots: 50,
    maxAgents: 50,
    ...period,
  });
  const studio = await as('POST', '/botStudio/createBotStudioSubscription', { companyId, seats: 1, ...period });
  const user = await createUser(server, {
    email: 'fuzz.user@rpa.test',
    password: 'Fuzz@1234',
    role: ROLE.user,
    companyId,
  });
  const group = await as('POST', '/groups/create', { companyId, name: 'Fuzz Group', userIds: [user.id] });
  const form = new FormData();
  for (const [key, value] of Object.entries({ companyId, name: 'Fuzz Bot', description: 'The bot of the fuzz test' }))
    form.append(key, value);
  form.append('file', new Blob([WORKFLOW_FILE], { type: 'application/xml' }), 'main.xaml');
  const bot = await as('POST', '/bot/create', undefined, form);
  const registration = await as('POST', '/registrationToken/generate', { companyId, type: 'agent', reusable: true });
  const agent = await as('POST', '/agent/register', { registrationToken: registration.token, deviceId: 'fuzz-agent' });
  const roles = await as('GET', '/role/all');
  const audit = await as('GET', '/audit/all');
  const roleId = roles.rows?.find((r) => r.name === ROLE.user)?.id;
  const auditId = audit.rows?.[0]?.id;
  if (!registration.token || !agent.agentId || !roleId || !auditId) throw new Error('the fuzz world is incomplete');
  return {
    values: {
      ...PLAUSIBLE_TEXT,
      companyId,
      userId: user.id,
      groupId: group.id,
      roleId,
      registrationToken: registration.token,
    },
    pathIds: {
      '/api/company/': companyId,
      '/api/companyLicense/': licence.id,
      '/api/botStudio/': studio.id,
      '/api/user/': user.id,
      '/api/groups/': group.id,
      '/api/bot/': bot.id,
      '/api/registrationToken/': registration.id,
      '/api/agent/': agent.agentId,
      '/api/audit/': auditId,
    },
  };
}

/**
 * The id a path parameter of an operation gets: a real record of the operation's resource,
 * except for deletes (the world must last the whole walk) and parameters named for another
 * resource (`companyId`).
 */
export function pathIdFor(world: FuzzWorld, op: Operation, param: string): string | undefined {
  if (op.method === 'DELETE') return undefined;
  if (param !== 'id') return world.values[param];
  const prefix = Object.keys(world.pathIds)
    .filter((p) => op.path.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? world.pathIds[prefix] : undefined;
}
