// The reference agent (agent/main.ts) as a real child process, and the bots it runs in the
// agent-process suite.
import { spawn } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './datafolderProcesses';
import { agentProgram } from './programs';
import { eventually } from './protocolAgent';

export interface RealAgent {
  pid: number;
  /** Everything the agent printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the agent has ended. */
  exit: Promise<number | string>;
  ended(): boolean;
  kill(signal: NodeJS.Signals): void;
}

/** The reference agent (tests/api/programs.ts) with `…args`, from the repository's root. */
export function startAgent(args: string[]): RealAgent {
  const child = spawn(process.execPath, [...agentProgram(), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let done = false;
  const exit = new Promise<number | string>((resolve) =>
    child.once('close', (code, signal) => {
      done = true;
      resolve(code ?? signal ?? -1);
    }),
  );
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exit,
    ended: () => done,
    kill: (signal) => {
      if (!done) child.kill(signal);
    },
  };
}

/** Waits for the agent to end (SIGKILL after the deadline, so no test leaves one behind). */
export async function agentExit(agent: RealAgent, timeoutMs = 20_000): Promise<number | string> {
  const timer = setTimeout(() => agent.kill('SIGKILL'), timeoutMs);
  try {
    return await agent.exit;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether a process is gone. A killed process whose parent died waits as a zombie until init
 * reaps it, and init in a container may never do so: a zombie runs nothing, so it counts as gone.
 */
export async function processGone(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return /^State:\s+Z/m.test(status);
}

export const waitGone = (pid: number, what: string) =>
  eventually(async () => ((await processGone(pid)) ? true : undefined), what, 15_000);

/** Every file under a folder, with its content (for finding a secret left on disk). */
export async function filesUnder(dir: string): Promise<{ file: string; content: Buffer }[]> {
  const found: { file: string; content: Buffer }[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = await readFile(file).catch(() => null);
    if (content) found.push({ file, content });
  }
  return found;
}

type JournalEntry = { k: 'log'; line: { seq: number } } | { k: 'status'; status: { status: number } };

/** What the agent journaled for a process in its state folder (sent or not). */
async function journalOf(stateDir: string, processId: string): Promise<JournalEntry[]> {
  const text = await readFile(path.join(stateDir, 'reports', `${processId}.jsonl`), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as JournalEntry];
      } catch {
        return []; // A line being written.
      }
    });
}

/** The highest log line number the agent journaled for a process. */
export const journaledSeq = async (stateDir: string, processId: string): Promise<number> =>
  Math.max(0, ...(await journalOf(stateDir, processId)).flatMap((e) => (e.k === 'log' ? [e.line.seq] : [])));

/** Whether the agent journaled a final status for the process (it ended, reported or not). */
export const journaledFinal = async (stateDir: string, processId: string): Promise<boolean> =>
  (await journalOf(stateDir, processId)).some((e) => e.k === 'status' && e.status.status !== 1);

/** A suite's end: its agent stopped (its bot's tree with it), its server closed, its database and folders gone. */
export async function endAgentSuite(parts: {
  agent?: RealAgent | null;
  server?: { close(): Promise<void> };
  database?: { drop(): Promise<void> };
  folders: string[];
}): Promise<void> {
  parts.agent?.kill('SIGTERM');
  if (parts.agent) await agentExit(parts.agent, 10_000);
  await parts.server?.close();
  await parts.database?.drop();
  await Promise.all(parts.folders.map((dir) => rm(dir, { recursive: true, force: true })));
}
