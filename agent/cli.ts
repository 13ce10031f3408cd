import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface AgentOptions {
  /** Where the server is; from --server or the registration file. */
  serverUrl: string | null;
  /** A registration token (rt_…) to register with, when no credentials are kept yet. */
  registrationToken: string | null;
  name: string;
  workDir: string;
  stateDir: string;
}

export class UsageError extends Error {}

export const USAGE = `Usage: node rpa-agent.mjs (--registration <file> | --server <url> --token <rt_…>) [options]
       (in a clone of the control room: npm run agent -- …)

  --registration <file>  the registration file downloaded from Agents → Registration Tokens
  --server <url>         the control room's address, e.g. http://localhost:8080
  --token <rt_…>         a registration token (with --server)
  --name <name>          the agent's name in the control room (default: this machine's name)
  --work-dir <dir>       where bots run, one fresh folder per run (default: ./agent-work)
  --state-dir <dir>      credentials and unsent reports, readable by this user only (default: ./agent-state)

Once registered, the agent starts again with only --state-dir (and --server to move it).`;

interface RegistrationFile {
  serverUrl?: unknown;
  token?: unknown;
  type?: unknown;
}

/** Reads the command line (and the registration file it names) into options. */
export async function parseOptions(argv: readonly string[]): Promise<AgentOptions> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        registration: { type: 'string' },
        server: { type: 'string' },
        token: { type: 'string' },
        name: { type: 'string' },
        'work-dir': { type: 'string' },
        'state-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) throw new UsageError('');
  let serverUrl = values.server ?? null;
  let registrationToken = values.token ?? null;
  if (values.registration) {
    const file = await readRegistrationFile(values.registration);
    serverUrl ??= file.serverUrl;
    registrationToken ??= file.token;
  }
  if (serverUrl !== null) serverUrl = checkUrl(serverUrl);
  return {
    serverUrl,
    registrationToken,
    name: values.name?.trim() || hostname(),
    workDir: path.resolve(values['work-dir'] ?? 'agent-work'),
    stateDir: path.resolve(values['state-dir'] ?? 'agent-state'),
  };
}

async function readRegistrationFile(file: string): Promise<{ serverUrl: string; token: string }> {
  let parsed: RegistrationFile;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as RegistrationFile;
  } catch (error) {
    throw new UsageError(
      `Cannot read the registration file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof parsed.serverUrl !== 'string' || typeof parsed.token !== 'string') {
    throw new UsageError(`${file} is not a registration file (it needs serverUrl and token).`);
  }
  if (parsed.type !== undefined && parsed.type !== 'agent') {
    throw new UsageError(`${file} is a registration file for ${String(parsed.type)}, not for an agent.`);
  }
  return { serverUrl: parsed.serverUrl, token: parsed.token };
}

function checkUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    throw new UsageError(`--server must be an http(s) address, not ${value}`);
  }
}
