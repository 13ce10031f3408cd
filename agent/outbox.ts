import { appendFile, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  LOG_BATCH_MAX,
  type LogLevel,
  type LogLine,
  type LogStream,
  type ProcessLogPayload,
  type ProcessStatusPayload,
} from '../src/domain/agentProtocol';
import { writePrivate } from './state';

/**
 * A line's content as it is sent (its seq and time added when it is written): a script's line
 * has no `level` key, a line without custom log fields no `fields` key, so that an older server
 * or a third-party reader sees the lines it always saw.
 */
export function logLine(
  stream: LogStream,
  text: string,
  level?: LogLevel,
  fields?: Record<string, string>,
): Omit<LogLine, 'seq' | 'at'> {
  const line: Omit<LogLine, 'seq' | 'at'> = level ? { stream, text, level } : { stream, text };
  return fields && Object.keys(fields).length > 0 ? { ...line, fields } : line;
}

/** What is still to be said to the server about one process. */
interface Pending {
  lines: LogLine[];
  statuses: ProcessStatusPayload[];
  /** Highest seq the server acknowledged. */
  linesAcked: number;
  /** Appends to the journal, one after another. */
  writing: Promise<void>;
}

type Entry = { k: 'log'; line: LogLine } | { k: 'status'; status: ProcessStatusPayload };
interface Acked {
  linesAcked: number;
  statusesAcked: number;
}

export type Report = { kind: 'log'; payload: ProcessLogPayload } | { kind: 'status'; payload: ProcessStatusPayload };

/**
 * Reports not yet acknowledged by the server, kept in memory and journaled in the state folder
 * (`<processId>.jsonl` plus `<processId>.acked`), so that lines and the final status written
 * while the server is unreachable — or before the agent itself restarts — are sent once it is
 * back. The server keeps one line per (process, seq): a report sent twice changes nothing.
 */
export class Outbox {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly dir: string) {}

  /** Reads what earlier runs of the agent left unsent. */
  async load(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
      const processId = name.slice(0, -'.jsonl'.length);
      const acked = await this.readAcked(processId);
      const entries = (await readFile(path.join(this.dir, name), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .flatMap(parseEntry);
      const item = this.itemOf(processId);
      item.linesAcked = acked.linesAcked;
      const statuses = entries.flatMap((e) => (e.k === 'status' ? [e.status] : []));
      item.lines = entries.flatMap((e) => (e.k === 'log' && e.line.seq > acked.linesAcked ? [e.line] : []));
      item.statuses = statuses.slice(acked.statusesAcked);
      if (item.lines.length === 0 && item.statuses.length === 0) await this.forget(processId);
    }
  }

  /** Process ids with something unsent. */
  processIds(): string[] {
    return [...this.pending.keys()];
  }

  addLines(processId: string, lines: LogLine[]): void {
    const item = this.itemOf(processId);
    item.lines.push(...lines);
    this.journal(
      processId,
      lines.map((line) => ({ k: 'log', line })),
    );
  }

  /** Resolves once the status is journaled: a final status survives the agent's own restart. */
  addStatus(status: ProcessStatusPayload): Promise<void> {
    const item = this.itemOf(status.processId);
    item.statuses.push(status);
    return this.journal(status.processId, [{ k: 'status', status }]);
  }

  /** The next report to send: a process's lines first, then its statuses, oldest process first. */
  next(): Report | null {
    for (const [processId, item] of this.pending) {
      if (item.lines.length > 0)
        return { kind: 'log', payload: { processId, lines: item.lines.slice(0, LOG_BATCH_MAX) } };
      if (item.statuses.length > 0) return { kind: 'status', payload: item.statuses[0] };
    }
    return null;
  }

  /** The server holds this report now. */
  async acknowledge(report: Report): Promise<void> {
    const item = this.pending.get(report.payload.processId);
    if (!item) return;
    if (report.kind === 'log') {
      const upTo = report.payload.lines[report.payload.lines.length - 1].seq;
      item.lines = item.lines.filter((line) => line.seq > upTo);
      item.linesAcked = Math.max(item.linesAcked, upTo);
    } else {
      item.statuses.shift();
    }
    const processId = report.payload.processId;
    if (item.lines.length === 0 && item.statuses.length === 0 && !this.expectsMore(processId)) {
      await this.forget(processId);
      return;
    }
    const all = await this.readAcked(processId);
    await writePrivate(
      this.ackedFile(processId),
      JSON.stringify({
        linesAcked: item.linesAcked,
        statusesAcked: all.statusesAcked + (report.kind === 'status' ? 1 : 0),
      }),
    );
  }

  /** Drops what the server will never take (a process it does not know as this agent's). */
  async drop(processId: string): Promise<void> {
    await this.forget(processId);
  }

  /** Set by the agent while a process still runs: its journal stays even when all is sent. */
  expectsMore: (processId: string) => boolean = () => false;

  private itemOf(processId: string): Pending {
    let item = this.pending.get(processId);
    if (!item) {
      item = { lines: [], statuses: [], linesAcked: 0, writing: Promise.resolve() };
      this.pending.set(processId, item);
    }
    return item;
  }

  private journal(processId: string, entries: Entry[]): Promise<void> {
    const item = this.itemOf(processId);
    const text = entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
    item.writing = item.writing.then(() => appendFile(this.journalFile(processId), text, { mode: 0o600 }));
    return item.writing;
  }

  private async forget(processId: string): Promise<void> {
    const item = this.pending.get(processId);
    this.pending.delete(processId);
    await item?.writing.catch(() => undefined);
    await rm(this.journalFile(processId), { force: true });
    await rm(this.ackedFile(processId), { force: true });
  }

  private async readAcked(processId: string): Promise<Acked> {
    try {
      return JSON.parse(await readFile(this.ackedFile(processId), 'utf8')) as Acked;
    } catch {
      return { linesAcked: 0, statusesAcked: 0 };
    }
  }

  private journalFile = (processId: string) => path.join(this.dir, `${processId}.jsonl`);
  private ackedFile = (processId: string) => path.join(this.dir, `${processId}.acked`);
}

/** A line cut short by a crash is skipped; everything before it is kept. */
function parseEntry(text: string): Entry[] {
  try {
    return [JSON.parse(text) as Entry];
  } catch {
    return [];
  }
}
