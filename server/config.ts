import path from 'node:path';
import { isEmail, validatePassword, messages, INACTIVITY_TIMEOUT_MS, AGENT_GRACE_SECONDS } from '../src/domain';
import { parseDataKey } from './crypto/dataKey';

/**
 * Server configuration, read from the environment once at start.
 * The Configuration table of README.md lists every variable with its default and meaning; keep
 * the two in step when a variable is added.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  publicUrl: string;
  jwtSecret: string | null;
  jwtExpiresIn: string;
  jwtExpiresInMs: number;
  /** DATA_ENCRYPTION_KEY as 32 bytes (hex), or null to derive it from the JWT secret. */
  dataEncryptionKey: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  salesEmail: string;
  supportEmail: string;
  adminEmail: string;
  adminPassword: string;
  companyName: string;
  contactChatHandle: string;
  contactEmail: string;
  socialLinks: { name: string; url: string }[];
  userManualUrl: string;
  inactivityTimeoutMs: number;
  trustProxy: boolean;
  logLevel: LogLevel;
  /** How often a node marks its agents alive and sweeps the runtime (seconds). */
  agentHeartbeatSeconds: number;
  /** How long a running process waits for its disconnected agent before ending as 5 (seconds). */
  agentGraceSeconds: number;
  processRetentionDays: number;
  /** How often a node folds the runs' count changes into the dashboard's running totals (seconds). */
  dashboardFoldSeconds: number;
  /** How many due schedules a node claims and fires in one transaction. */
  schedulerBatch: number;
  /** Whether this node watches the mailboxes of the active e-mail configurations (MAIL_WATCHER, on unless "off"). */
  mailWatcher: boolean;
  /** How often a watched mailbox's session leaves IDLE for a NOOP round trip (seconds): IDLE lasts at most this. */
  mailWatcherCheckSeconds: number;
  /** Served as AgentSetup.msi / StudioSetup.msi when set; otherwise the built reference agent / 404. */
  agentInstallerPath: string | null;
  studioInstallerPath: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every problem found in the environment, one per line, so an operator fixes them in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const SPAN_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "8h", "30m", "3600" (seconds) → milliseconds; undefined when unreadable. */
export function parseSpan(value: string): number | undefined {
  const match = /^(\d+)\s*(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * SPAN_UNITS[match[2] ?? 's'];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const hasProtocol = (value: string, protocols: string[]): boolean => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number, what: string): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be ${what} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const email = (name: string, fallback: string): string => {
    const value = read(name) ?? fallback;
    if (!isEmail(value)) problems.push(`${name} must be an e-mail address (got "${value}")`);
    return value.toLowerCase();
  };
  const url = (name: string, protocols: string[], what: string): string | null => {
    const value = read(name);
    if (value !== undefined && !hasProtocol(value, protocols))
      problems.push(`${name} must be ${what} (got "${value}")`);
    return value ?? null;
  };

  const port = integer('PORT', 8080, 1, 65535, 'an integer between 1 and 65535');
  const publicUrl = (read('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);

  const jwtExpiresIn = read('JWT_EXPIRES_IN') ?? '8h';
  const jwtExpiresInMs = parseSpan(jwtExpiresIn);
  if (jwtExpiresInMs === undefined) {
    problems.push(`JWT_EXPIRES_IN must be a number of seconds or a span like 30m, 8h, 1d (got "${jwtExpiresIn}")`);
  }
  const jwtSecret = read('JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 16) problems.push('JWT_SECRET must be at least 16 characters long');

  const dataKeyText = read('DATA_ENCRYPTION_KEY');
  const dataKey = dataKeyText === undefined ? undefined : parseDataKey(dataKeyText);
  if (dataKeyText !== undefined && !dataKey)
    problems.push('DATA_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64 (e.g. `openssl rand -hex 32`)');

  const adminPassword = read('RPA_ADMIN_PASSWORD') ?? 'Admin@123';
  const passwordProblem = validatePassword(adminPassword);
  if (passwordProblem)
    problems.push(`RPA_ADMIN_PASSWORD does not satisfy the password rule: ${messages[passwordProblem]}`);

  const socialLinks = parseSocialLinks(read('SOCIAL_LINKS') ?? '', problems);

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const trustProxyRaw = (read('TRUST_PROXY') ?? 'false').toLowerCase();
  const mailWatcherRaw = (read('MAIL_WATCHER') ?? 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(mailWatcherRaw))
    problems.push(`MAIL_WATCHER must be on or off (got "${mailWatcherRaw}")`);
  const mailWatcherOn = !['off', 'false', '0'].includes(mailWatcherRaw);
  if (!['true', 'false', '1', '0'].includes(trustProxyRaw))
    problems.push(`TRUST_PROXY must be true or false (got "${trustProxyRaw}")`);

  const userManualUrl = read('USER_MANUAL_URL') ?? '';
  if (userManualUrl !== '' && !isHttpUrl(userManualUrl) && !userManualUrl.startsWith('/')) {
    problems.push(`USER_MANUAL_URL must be an http(s) URL or a path starting with / (got "${userManualUrl}")`);
  }

  const config: Config = {
    port,
    host: read('HOST') ?? '0.0.0.0',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:'], 'a postgres:// URL'),
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:'], 'a redis:// URL'),
    publicUrl,
    jwtSecret,
    jwtExpiresIn,
    jwtExpiresInMs: jwtExpiresInMs ?? 0,
    dataEncryptionKey: dataKey ? dataKey.toString('hex') : null,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
    mailFrom: read('MAIL_FROM') ?? 'RPA Control Room <no-reply@rpa.local>',
    salesEmail: email('SALES_EMAIL', 'sales@rpa.local'),
    supportEmail: email('SUPPORT_EMAIL', 'support@rpa.local'),
    adminEmail: email('RPA_ADMIN_EMAIL', 'admin@rpa.local'),
    adminPassword,
    companyName: read('COMPANY_NAME') ?? 'RPA Control Room',
    contactChatHandle: read('CONTACT_CHAT_HANDLE') ?? '@rpa-control-room',
    contactEmail: email('CONTACT_EMAIL', 'contact@rpa.local'),
    socialLinks,
    userManualUrl,
    inactivityTimeoutMs: integer(
      'INACTIVITY_TIMEOUT_MS',
      INACTIVITY_TIMEOUT_MS,
      1000,
      2_147_483_647,
      'a number of milliseconds of at least 1000',
    ),
    trustProxy: trustProxyRaw === 'true' || trustProxyRaw === '1',
    logLevel: logLevel as LogLevel,
    agentHeartbeatSeconds: integer('AGENT_HEARTBEAT_SECONDS', 10, 1, 3600, 'a number of seconds from 1 to 3600'),
    agentGraceSeconds: integer(
      'AGENT_GRACE_SECONDS',
      AGENT_GRACE_SECONDS,
      0,
      86_400,
      'a number of seconds from 0 to 86400',
    ),
    processRetentionDays: integer('PROCESS_RETENTION_DAYS', 90, 1, 36_500, 'a number of days of at least 1'),
    dashboardFoldSeconds: integer('DASHBOARD_FOLD_SECONDS', 2, 1, 3600, 'a number of seconds from 1 to 3600'),
    schedulerBatch: integer('SCHEDULER_BATCH', 500, 1, 5000, 'a number from 1 to 5000'),
    mailWatcher: mailWatcherOn,
    // Servers may end an IDLE after 29 minutes: a check re-issues it before.
    mailWatcherCheckSeconds: integer('MAIL_WATCHER_CHECK_SECONDS', 60, 1, 1740, 'a number of seconds from 1 to 1740'),
    agentInstallerPath: read('AGENT_INSTALLER_PATH') ?? null,
    studioInstallerPath: read('STUDIO_INSTALLER_PATH') ?? null,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseSocialLinks(raw: string, problems: string[]): { name: string; url: string }[] {
  if (raw === '') return [];
  const links: { name: string; url: string }[] = [];
  for (const item of raw.split(',')) {
    const at = item.indexOf('=');
    const name = item.slice(0, at).trim();
    const target = item.slice(at + 1).trim();
    if (at <= 0 || name === '' || !isHttpUrl(target)) {
      problems.push(`SOCIAL_LINKS must look like "Name=https://…,Name=https://…" (bad item "${item.trim()}")`);
      continue;
    }
    links.push({ name, url: target });
  }
  return links;
}
