import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { secretMatches } from './agentAuth';
import { CHECKSUM } from './claims';
import { bufferOf, named, rowsOf, type AgentFile } from './sql';

/** Bytes of bot files a node keeps: a fleet running a few bots reads each from memory. */
const MOST_BYTES = 32 * 1024 * 1024;

interface Kept extends AgentFile {
  checksum: string;
  bytes: number;
}

/**
 * Bot files by bot id and checksum, oldest out first past a size. A checksum names one content,
 * so a kept file is never stale: a bot whose file was replaced has another checksum.
 */
export class BotFiles {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly most = MOST_BYTES) {}

  get(botId: string, checksum: string): AgentFile | undefined {
    const found = this.kept.get(botId);
    if (!found || found.checksum !== checksum) return undefined;
    // Newest last: a file read again moves away from the end that is dropped first.
    this.kept.delete(botId);
    this.kept.set(botId, found);
    return { fileName: found.fileName, fileContent: found.fileContent };
  }

  set(botId: string, checksum: string, file: AgentFile): void {
    const bytes = file.fileContent.length;
    if (bytes > this.most) return;
    this.drop(botId);
    this.kept.set(botId, { ...file, checksum, bytes });
    this.bytes += bytes;
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.most) break;
      this.drop(oldest);
    }
  }

  private drop(botId: string): void {
    const found = this.kept.get(botId);
    if (!found) return;
    this.bytes -= found.bytes;
    this.kept.delete(botId);
  }
}

const BOT_FILE = `select b.file_name as "fileName", b.file_content as "fileContent", ${CHECKSUM} as "checksum"
     from bots b where b.id = $1`;

async function botFile(database: DatabaseHandle, botId: string): Promise<(AgentFile & { checksum: string }) | null> {
  const [row] = await rowsOf<{ fileName: string; fileContent: Uint8Array; checksum: string }>(
    database,
    BOT_FILE,
    [botId],
    named(database, 'botFile'),
  );
  return row ? { ...row, fileContent: bufferOf(row.fileContent) } : null;
}

/**
 * The file of a process the agent runs, read without the database when this node holds the
 * agent's socket: the socket's handshake already checked the agent, the secret presented is the
 * one that handshake presented, and the process is one the agent started on it and has not
 * reported ended. Answers undefined when that is not so; the caller then asks the database.
 */
export async function localRunFile(
  app: FastifyInstance,
  files: BotFiles,
  agentId: string | null,
  secret: string | null,
  processId: string,
): Promise<AgentFile | undefined> {
  if (agentId === null || secret === null) return undefined;
  const agent = app.runtime.dispatcher.localAgent(agentId);
  const started = agent?.started?.get(processId);
  if (!agent || !started || !secretMatches(secret, agent.secretHash)) return undefined;
  const cached = files.get(started.botId, started.checksum);
  if (cached) return cached;
  const row = await botFile(app.database, started.botId);
  if (!row) return undefined;
  const file = { fileName: row.fileName, fileContent: row.fileContent };
  if (row.checksum === started.checksum) files.set(started.botId, row.checksum, file);
  return file;
}
