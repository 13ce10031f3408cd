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
  app.decorate('dataKey', config.dataEncryptionKey ? Buffer.from(config.dataEncryptionKey, 'hex') : deriveDataKey(secret));
  await app.register(fastifyJwt, {
    secret,
    // @fastify/jwt reads a number as seconds (jsonwebtoken's convention).
    sign: { algorithm: 'HS256', expiresIn: Math.ceil(config.jwtExpiresInMs / 1000) },
    verify: { algorithms: ['HS256'] },
  });

  const logins = createLoginCache();

  async function verifyLoginToken(token: string, options: { fresh?: boolean } = {}): Promise<VerifiedLogin | null> {
    const cached = options.fresh ? undefined : logins.get(token);
    if (cached) return cached;
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

  app.decorate('verifyLoginToken', verifyLoginToken);
  app.decorate('forgetLogin', (userId: string) => logins.forget(userId));
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

/** Signs a login token for a user. */
export function signLogin(app: FastifyInstance, claims: LoginClaims): string {
  return app.jwt.sign(claims);
}
