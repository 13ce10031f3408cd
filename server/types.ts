import type { Actor, RoleName } from '../src/domain';
import type { Config } from './config';
import type { LazySchemas } from './http/lazySchemas';
import type { DataKey } from './crypto/dataKey';
import type { DatabaseHandle } from './db/client';
import type { Vacuum } from './db/vacuum';
import type { Repositories, UserRecord } from './db/repositories';
import type { SeedResult } from './db/seed';
import type { Mailer } from './mail/mailer';
import type { MailContext } from './mail/templates';
import type { Runtime } from './plugins/runtime';
import type { Realtime } from './realtime';
import type { MailWatcher } from './mailbox/watcher/watcher';
import type { Scheduler } from './scheduler/scheduler';

/** Claims of a login token. */
export interface LoginClaims {
  sub: string;
  role: RoleName;
  companyId: string | null;
}

/** A login token that checked out, with its user as the database has it now. */
export interface VerifiedLogin {
  actor: Actor;
  user: UserRecord;
}

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: Config;
    /** The routes' schemas, compiled on first use (server/http/lazySchemas.ts). */
    routeSchemas: LazySchemas;
    database: DatabaseHandle;
    /** PGlite's vacuuming of its tables (server/db/vacuum.ts); nothing on PostgreSQL. */
    vacuum: Vacuum;
    repos: Repositories;
    seedResult: SeedResult;
    mailer: Mailer;
    mailContext: MailContext;
    realtime: Realtime;
    /** The agents' gateway and the dispatcher of queued processes (server/plugins/runtime.ts). */
    runtime: Runtime;
    /** This node's scheduler loop (server/plugins/scheduler.ts). */
    scheduler: Scheduler;
    /** This node's watcher of the e-mail configurations' mailboxes (server/plugins/mailWatcher.ts). */
    mailWatcher: MailWatcher;
    /** AES-256-GCM key of secrets stored in the database (server/crypto/dataKey.ts). */
    dataKey: DataKey;
    /** onRequest hook of protected routes: sets request.actor or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Verifies a login JWT and loads its user (reused for LOGIN_CACHE_MS unless `fresh`);
     * null when forged, expired, the user is deleted or their company inactive.
     */
    verifyLoginToken: (token: string, options?: { fresh?: boolean }) => Promise<VerifiedLogin | null>;
    /** Drops a user's cached login after a change of role, company or deletion on this node. */
    forgetLogin: (userId: string) => void;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: LoginClaims;
    user: LoginClaims;
  }
}
