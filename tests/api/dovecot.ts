import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real IMAP server on loopback for the e-mail automation tests: Debian's dovecot-imapd run as
 * a private instance (its own config, base and mail folders under a temp folder, its own port),
 * with one local user and an INBOX. No fake IMAP: what the product's watcher and connection
 * check meet here is what they meet at a mail provider, minus TLS.
 *
 * `.ci/run` installs the package; elsewhere the tests that need it skip with a printed reason
 * when it is absent, except under CI=true where its absence is a failure.
 */
const run = promisify(execFile);

export const DOVECOT = '/usr/sbin/dovecot';
const DOVEADM = '/usr/bin/doveadm';

export function dovecotMissing(): string | undefined {
  if (existsSync(DOVECOT) && existsSync(DOVEADM)) return undefined;
  return `${DOVECOT} not found (apt-get install dovecot-imapd)`;
}

export interface MailServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The instance's folder: config, log, mail. */
  dir: string;
  /** Puts a raw RFC 5322 message in the user's INBOX the way a delivery agent does (not over IMAP). */
  deliver(raw: string): Promise<void>;
  /** Adds another local user with an empty INBOX (the benchmark watches many mailboxes). */
  addUser(user: string, password: string): Promise<void>;
  /** How many IMAP sessions the server holds open for the user right now (doveadm who). */
  connections(): Promise<number>;
  /** Stops the server (kills every session), for outage tests; `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  log(): Promise<string>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Mail processes may not run as root: dovecot refuses uid 0, so root hands the mail to nobody. */
function mailOwner(): { uid: number; gid: number; internal: string; login: string } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, internal: me.username, login: me.username };
  return { uid: 65534, gid: 65534, internal: 'dovecot', login: 'dovenull' };
}

function config(dir: string, port: number, owner: ReturnType<typeof mailOwner>): string {
  return [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    `info_log_path = ${dir}/dovecot.log`,
    `default_internal_user = ${owner.internal}`,
    `default_login_user = ${owner.login}`,
    'protocols = imap',
    // Many watched mailboxes at once (the benchmark's hundred): one imap process each.
    'default_process_limit = 1000',
    'default_client_limit = 4000',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // A refused login answers after this delay (2 s by default, whole seconds only): short keeps tests quick.
    'auth_failure_delay = 1 secs',
    'mail_location = maildir:~/Maildir',
    `first_valid_uid = ${owner.uid}`,
    `first_valid_gid = ${owner.gid}`,
    'passdb {',
    '  driver = passwd-file',
    `  args = scheme=PLAIN username_format=%u ${dir}/users`,
    '}',
    'userdb {',
    '  driver = passwd-file',
    `  args = username_format=%u ${dir}/users`,
    '}',
    'service imap-login {',
    '  inet_listener imap {',
    '    address = 127.0.0.1',
    `    port = ${port}`,
    '  }',
    '  inet_listener imaps {',
    '    port = 0',
    '  }',
    '}',
    'service anvil {',
    '  chroot =',
    '}',
    'service imap-login {',
    '  chroot =',
    '}',
    '',
  ].join('\n');
}

async function waitForPort(port: number, deadlineMs: number): Promise<void> {
  const { connect } = await import('node:net');
  const until = Date.now() + deadlineMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startDovecot(user = 'robot', password = 'app-secret-1'): Promise<MailServer> {
  const missing = dovecotMissing();
  if (missing) throw new Error(missing);
  const dir = await mkdtemp(path.join(tmpdir(), 'rpa-dovecot-'));
  await chmod(dir, 0o755);
  const owner = mailOwner();
  /** A user's home with an empty Maildir, owned by the mail processes' user; answers its passwd-file line. */
  const makeHome = async (name: string, secret: string): Promise<string> => {
    const home = path.join(dir, 'home', name);
    const maildir = path.join(home, 'Maildir');
    for (const sub of ['cur', 'new', 'tmp']) await mkdir(path.join(maildir, sub), { recursive: true });
    for (const folder of [
      path.join(dir, 'home'),
      home,
      maildir,
      ...['cur', 'new', 'tmp'].map((s) => path.join(maildir, s)),
    ])
      await chown(folder, owner.uid, owner.gid);
    return `${name}:{PLAIN}${secret}:${owner.uid}:${owner.gid}::${home}::\n`;
  };
  const maildir = path.join(dir, 'home', user, 'Maildir');
  await writeFile(path.join(dir, 'users'), await makeHome(user, password));
  const port = await freePort();
  const conf = path.join(dir, 'dovecot.conf');
  await writeFile(conf, config(dir, port, owner));
  let delivered = 0;

  const server: MailServer = {
    host: '127.0.0.1',
    port,
    user,
    password,
    dir,
    async deliver(raw) {
      // Maildir delivery: write in tmp, then rename into new — atomic, as a delivery agent does.
      delivered += 1;
      const name = `${Date.now()}.${process.pid}_${delivered}.rpa-test`;
      const tmpFile = path.join(maildir, 'tmp', name);
      await writeFile(tmpFile, raw.replace(/\r?\n/g, '\r\n'));
      await chown(tmpFile, owner.uid, owner.gid);
      const { rename } = await import('node:fs/promises');
      await rename(tmpFile, path.join(maildir, 'new', name));
    },
    async addUser(name, secret) {
      // dovecot re-reads its passwd-file when the file changes.
      await appendFile(path.join(dir, 'users'), await makeHome(name, secret));
    },
    async connections() {
      const { stdout } = await run(DOVEADM, ['-c', conf, 'who', '-1'], { timeout: 10_000 });
      return stdout
        .split('\n')
        .slice(1)
        .filter((line) => line.trim().startsWith(`${user} `) && /\bimap\b/.test(line)).length;
    },
    async stop() {
      spawnSync(DOVECOT, ['-c', conf, 'stop'], { timeout: 10_000 });
      // `stop` returns before the master has exited: wait until the port is free.
      const until = Date.now() + 10_000;
      while (Date.now() < until && existsSync(path.join(dir, 'run', 'master.pid')))
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async start() {
      // The master daemonizes: ignore its stdio, or the child it leaves keeps our pipes open.
      const started = spawnSync(DOVECOT, ['-c', conf], { stdio: 'ignore', timeout: 10_000 });
      if (started.status !== 0) throw new Error(`dovecot did not start (exit ${started.status})`);
      await waitForPort(port, 10_000);
    },
    async log() {
      return readFile(path.join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    },
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
