// The control room side of the agent-process suite: a company with its bots and a registration
// file, set up over HTTP only (the same calls work on an in-process server and a real one), and
// the reads the tests make of processes, logs and agents.
import { BOT_TYPE } from '../../src/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call } from './helpers';
import { companyBody, loginTo } from './datafolderProcesses';
import { eventually } from './protocolAgent';
import { botForm } from './workflows';
import { openLicence } from './world';

type Server = { baseUrl: string };
interface Envelope<T> {
  message: string;
  payload: T;
}

const LICENCE = openLicence({ maxBots: 20, maxAgents: 5 });

/** The bots of the suite: name, file and the lines it is expected to print. */
export const BOTS = {
  js: {
    name: 'Node bot',
    file: 'bot.js',
    text: `// @rpa-param in_Customer String
// @rpa-param in_Count Int32
const fs = require('fs');
console.log('customer=' + process.env.RPA_PARAM_IN_CUSTOMER);
console.error('count=' + process.env.RPA_PARAM_IN_COUNT);
for (const p of JSON.parse(fs.readFileSync(process.env.RPA_PARAMS_FILE, 'utf8'))) console.log('file ' + p.name + '=' + p.value);
console.log('js done');
`,
  },
  sh: {
    name: 'Shell bot',
    file: 'bot.sh',
    text: `# @rpa-param in_Customer String
# @rpa-param in_Count Int32
echo "customer=$RPA_PARAM_IN_CUSTOMER"
echo "count=$RPA_PARAM_IN_COUNT" >&2
echo "file $(tr -d ' \\n' < "$RPA_PARAMS_FILE")"
echo "sh done"
`,
  },
  py: {
    name: 'Python bot',
    file: 'bot.py',
    text: `# @rpa-param in_Customer String
# @rpa-param in_Count Int32
import json, os, sys
print('customer=' + os.environ['RPA_PARAM_IN_CUSTOMER'], flush=True)
print('count=' + os.environ['RPA_PARAM_IN_COUNT'], file=sys.stderr, flush=True)
for p in json.load(open(os.environ['RPA_PARAMS_FILE'])):
    print('file ' + p['name'] + '=' + p['value'], flush=True)
print('py done', flush=True)
`,
  },
  /** Shows a digest of the clear value (never the value), then waits for a 'done' file in its folder. */
  secret: {
    name: 'Secret bot',
    file: 'secret.js',
    text: `// @rpa-param in_Password String
const fs = require('fs');
console.log('digest ' + require('crypto').createHash('sha256').update(process.env.RPA_PARAM_IN_PASSWORD || '').digest('hex'));
console.log('in file ' + JSON.stringify(JSON.parse(fs.readFileSync(process.env.RPA_PARAMS_FILE, 'utf8'))));
setInterval(() => { if (fs.existsSync('done')) process.exit(0); }, 50);
`,
  },
  sleepy: { name: 'Sleepy bot', file: 'sleepy.sh', text: 'sleep 300 &\necho "grandchild $!"\nsleep 300\n' },
  failing: { name: 'Failing bot', file: 'fail.sh', text: 'echo "about to fail"\nexit 3\n' },
  /** Starts a grandchild, says its pid, and waits. */
  tree: { name: 'Tree bot', file: 'tree.sh', text: 'sleep 300 &\necho "grandchild $!"\nsleep 300\n' },
  /** Numbered lines every 100 ms until a 'finish' file appears in its folder. */
  counter: {
    name: 'Counter bot',
    file: 'counter.sh',
    text: 'i=0\nwhile [ ! -f finish ]; do i=$((i+1)); echo "line $i"; sleep 0.1; done\necho "finished after $i"\n',
  },
} as const;

export type BotKey = keyof typeof BOTS;

export interface Process {
  id: string;
  status: number;
  exitCode: number | null;
  reason: string | null;
}
export interface LogRow {
  seq: number;
  stream: string;
  text: string;
}
export interface RegistrationFile {
  serverUrl: string;
  token: string;
  type: string;
  companyId: string;
}

/** A super admin's calls; anything but 200 throws with the answer. */
export async function asAdmin(server: Server) {
  const token = await loginTo(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  return async <T>(method: string, url: string, options: { body?: unknown; form?: FormData } = {}): Promise<T> => {
    const res = await call<Envelope<T>>(server, method, `/api${url}`, { token, ...options });
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${res.text}`);
    return (res.headers.get('content-disposition') ? res.body : res.body.payload) as T;
  };
}
export type Api = Awaited<ReturnType<typeof asAdmin>>;
/** A licensed company, every bot of the suite (Automated: plans may fire them), a registration token for one agent. */
export async function setUpCompany(api: Api, name: string) {
  const { id: companyId } = await api<{ id: string }>('POST', '/company/create', { body: companyBody(name) });
  await api('POST', '/companyLicense/create', { body: { ...LICENCE, companyId } });
  const bots = {} as Record<BotKey, string>;
  for (const [key, bot] of Object.entries(BOTS) as [BotKey, (typeof BOTS)[BotKey]][]) {
    const form = botForm(
      {
        name: bot.name,
        description: `The ${bot.name.toLowerCase()} of the agent tests`,
        type: BOT_TYPE.automated,
        companyId,
      },
      { name: bot.file, text: bot.text },
    );
    bots[key] = (await api<{ id: string }>('POST', '/bot/create', { form })).id;
  }
  const { id: tokenId } = await api<{ id: string }>('POST', '/registrationToken/generate', {
    body: { companyId, type: 'agent' },
  });
  const registration = await api<RegistrationFile>('GET', `/registrationToken/download/${tokenId}`);
  return { companyId, bots, registration };
}

/** The reads and actions of a test on processes, their logs and the company's agents. */
export function controlRoom(api: Api) {
  const processOf = (id: string) => api<Process>('GET', `/process/details/${id}`);
  return {
    run: async (
      botId: string,
      agentId: string,
      parameters: { name: string; value: string; encrypted?: boolean }[] = [],
    ) => (await api<{ id: string }>('POST', '/process/create', { body: { botId, agentId, parameters } })).id,
    processOf,
    logsOf: async (id: string) =>
      (await api<{ rows: LogRow[] }>('GET', `/processExecutionLog?processId=${id}&limit=1000`)).rows,
    /** Waits for the process to reach this status (a process that ends otherwise fails at the deadline). */
    reaches: (id: string, status: number, timeoutMs = 20_000) =>
      eventually(
        async () => {
          const process = await processOf(id);
          return process.status === status ? process : undefined;
        },
        `process ${id.slice(0, 8)} in status ${status}`,
        timeoutMs,
      ),
    agentsOf: async (companyId: string) =>
      (
        await api<{ rows: { id: string; name: string; status: number }[] }>(
          'GET',
          `/agent/all?companyId=${companyId}&limit=100`,
        )
      ).rows,
  };
}
export type ControlRoom = ReturnType<typeof controlRoom>;

/** The id of the company's agent of that name, once it is connected (its registration took). */
export const connectedAgentId = (room: ControlRoom, companyId: string, name: string) =>
  eventually(
    async () => (await room.agentsOf(companyId)).find((a) => a.name === name && a.status === 1)?.id,
    `the agent ${name} connected`,
    30_000,
  );
