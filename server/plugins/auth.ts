import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { createLoginCache } from '../auth/loginCache';
import { resolveJwtSecret } from '../auth/secret';
import { deriveDataKey } from '../crypto/dataKey';
import { readAuthorization } from '../auth/tokens';
import { unauthorized } from '../http/errors';
import type { LoginClaims, VerifiedLogin } from '../types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Registers @fastify/jwt with the resolved secret and the `authenticate` hook of protected routes. */
export async function setupAuth(app: FastifyInstance, config: Config): Promise<void> {
  const secret = await resolveJwtSecret(config.jwtSecret, app.database, app.repos, config.dataDir);
  app.decorate(
    'dataKey',
    config.dataEncryptionKey ? Buffer.from(config.dataEncryptionKey, 'hex') : deriveDataKey(secret),
  );
  await app.register(fastifyJwt, {
    secret,
    // @fastify/jwt reads a number as seconds (jsonwebtoken's convention).
    sign: { algorithm: 'HS256', expiresIn: Math.ceil(config.jwtExpiresInMs / 1000) },
    verify: { algorithms: ['HS256'] },
  });

  const logins = createLoginCache();
  /**
   * Checks under way, by token: when a cached login expires, the calls a busy client has in
   * flight share one check instead of each reading the user (a burst that showed in the p99).
   */
  const checking = new Map<string, { check: Promise<VerifiedLogin | null>; epoch: number }>();
  /** Moves on at every forgetLogin: a check begun before a change is not joined after it. */
  let epoch = 0;

  async function checkLoginToken(token: string): Promise<VerifiedLogin | null> {
    let claims: LoginClaims & { exp?: number };
    try {
      claims = app.jwt.verify<LoginClaims & { exp?: number }>(token);
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return null;
    // The user as stored now (or LOGIN_CACHE_MS ago): a deleted user's tokens stop working, a changed role applies.
    const generation = logins.begin(claims.sub);
    const user = await app.repos.users.findById(claims.sub);
    // A deactivated company's people are signed out at their next call.
    if (!user || user.isDeleted || !user.companyActive) {
      logins.forget(claims.sub);
      return null;
    }
    const login = { user, actor: { id: user.id, role: user.role, companyId: user.companyId } };
    logins.set(token, login, typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now(), generation);
    return login;
  }

  async function verifyLoginToken(token: string, options: { fresh?: boolean } = {}): Promise<VerifiedLogin | null> {
    if (options.fresh) return checkLoginToken(token);
    const cached = logins.get(token);
    if (cached) return cached;
    const pending = checking.get(token);
    if (pending && pending.epoch === epoch) return pending.check;
    const check = checkLoginToken(token);
    const entry = { check, epoch };
    checking.set(token, entry);
    const done = () => {
      if (checking.get(token) === entry) checking.delete(token);
    };
    check.then(done, done);
    return check;
  }
  app.decorate('verifyLoginToken', verifyLoginToken);
  app.decorate('forgetLogin', (userId: string) => {
    epoch += 1;
    logins.forget(userId);
  });
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = readAuthorization(request.headers.authorization);
    const login = token ? await verifyLoginToken(token) : null;
    if (!login) throw unauthorized();
    request.actor = login.actor;
  });
}

/** The authenticated actor of a protected route. */
export function actorOf(request: FastifyRequest) {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
