import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError, createBackup } from './backup';
import type { ControlAddress } from './dataLock';

/**
 * The running server's backup door. Only the process that owns the data folder may read it
 * consistently, so `npm run backup` asks it: over HTTP on 127.0.0.1, on a port and with a
 * secret written in the folder's lock file (readable by the folder's owner only).
 */

export interface ControlChannel {
  address: ControlAddress;
  /** Starts answering with this database; before, a request is told the server is starting. */
  serve(client: PGlite, dataDir: string): void;
  close(): Promise<void>;
}

const BACKUP_PATH = '/backup';

function answer(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(message);
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function openControlChannel(onError: (error: unknown) => void): Promise<ControlChannel> {
  const token = randomBytes(32).toString('hex');
  let database: { client: PGlite; dataDir: string } | null = null;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== BACKUP_PATH) return answer(response, 404, 'Unknown request.');
    if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
      return answer(response, 401, 'Wrong secret.');
    if (!database) return answer(response, 503, 'The server is still starting; try again in a moment.');
    try {
      const backup = await createBackup(database.client, database.dataDir);
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': backup.length });
      response.end(backup);
    } catch (error) {
      onError(error);
      answer(
        response,
        500,
        `The server could not back up its data: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const server = createServer((request, response) => {
    request.resume();
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the control channel has no port');
  return {
    address: { port: address.port, token },
    serve(client, dataDir) {
      database = { client, dataDir };
    },
    close() {
      database = null;
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Asks the server that owns the folder for a backup. */
export async function requestBackup(address: ControlAddress): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${address.port}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${address.token}` },
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new BackupError(
      `The server holds the data folder but does not answer backup requests (${cause}). Is it still starting or stopping? Try again.`,
    );
  }
  if (!response.ok) throw new BackupError((await response.text()) || `The server answered ${response.status}.`);
  return Buffer.from(await response.arrayBuffer());
}
