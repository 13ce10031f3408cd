import { expect, type APIRequestContext } from '@playwright/test';
import { PROCESS_STATUS } from '../../../src/domain';
import { connectAgent, eventually, type ProtocolAgent } from '../../api/protocolAgent';
import { authHeaders, letters, type Envelope } from './people';

/**
 * What the phone screens show, set up over the API as an admin would, with an agent that speaks
 * the agent protocol from the test (no child process): two companies, each with a bot named
 * 'Invoice Reader'; one connected agent that ran one process to the end and runs a second one now.
 */
export interface PhoneWorld {
  companies: [string, string];
  agentName: string;
  /** The finished run (Executed, with its log) and the one that is running. */
  executed: string;
  running: string;
  /** The last line of the finished run's log. */
  lastLine: string;
  agent: ProtocolAgent;
}

const BOT_NAME = 'Invoice Reader';
const BOT_SCRIPT = '// @rpa-param in_Customer String\nconsole.log("reading " + process.env.RPA_PARAM_IN_CUSTOMER);\n';

async function ok<T>(answer: Promise<{ status(): number; text(): Promise<string> }>, what: string): Promise<T> {
  const res = await answer;
  const text = await res.text();
  expect(res.status(), `${what}: ${text}`).toBe(200);
  return (JSON.parse(text) as Envelope<T>).payload;
}

/** A licensed company with a bot named 'Invoice Reader'; answers the company's id and the bot's. */
async function companyWithBot(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const company = { name, address: '12 Harbour Road, Unit 4/B, Pune', email: `office.${letters(8)}@example.com` };
  const { id: companyId } = await ok<{ id: string }>(
    request.post('/api/company/create', { headers, data: { ...company, phone: '+91 98765 43210' } }),
    `company ${name}`,
  );
  const licence = { tenure: 'Monthly', currency: 'INR', amount: 500, maxBots: 2, maxAgents: 2 };
  const dates = { startDate: '2026-01-01', endDate: '2099-12-31' };
  await ok(
    request.post('/api/companyLicense/create', { headers, data: { companyId, ...licence, ...dates } }),
    'licence',
  );
  const multipart = {
    name: BOT_NAME,
    description: 'Reads the invoices of a customer',
    type: '1',
    companyId,
    file: { name: 'reader.js', mimeType: 'text/javascript', buffer: Buffer.from(BOT_SCRIPT) },
  };
  const { id: botId } = await ok<{ id: string }>(request.post('/api/bot/create', { headers, multipart }), 'bot');
  return { companyId, botId };
}

export async function setUpPhoneWorld(request: APIRequestContext, baseURL: string, token: string): Promise<PhoneWorld> {
  const headers = authHeaders(token);
  const tag = letters(5);
  const names: [string, string] = [`Phone ${tag} North`, `Phone ${tag} South`];
  const north = await companyWithBot(request, headers, names[0]);
  await companyWithBot(request, headers, names[1]);

  const { token: registrationToken } = await ok<{ token: string }>(
    request.post('/api/registrationToken/generate', { headers, data: { companyId: north.companyId, type: 'agent' } }),
    'registration token',
  );
  const agentName = `Pocket ${tag}`;
  const credentials = await ok<{ agentId: string; secret: string }>(
    request.post('/api/agent/register', { data: { registrationToken, deviceId: `PHONE-${tag}`, name: agentName } }),
    'agent registration',
  );
  const agent = await connectAgent(baseURL, credentials.agentId, credentials.secret);
  agent.ready();

  const run = async () => {
    const body = {
      botId: north.botId,
      agentId: credentials.agentId,
      parameters: [{ name: 'in_Customer', value: 'Acme' }],
    };
    const { id } = await ok<{ id: string }>(request.post('/api/process/create', { headers, data: body }), 'run');
    await eventually(() => agent.starts.find((start) => start.processId === id), `process:start of ${id}`);
    return id;
  };
  const executed = await run();
  const lastLine = 'reading Acme: 3 invoices';
  await agent.log(executed, [{ text: 'reading Acme' }, { text: lastLine }]);
  await agent.status(executed, PROCESS_STATUS.executed, { exitCode: 0, lastSeq: 2 });
  const running = await run();
  return { companies: names, agentName, executed, running, lastLine, agent };
}
