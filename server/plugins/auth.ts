import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { resolveJwtSecret } from '../auth/secret';
import { readAuthorization } from '../auth/tokens';
import { unauthorized } from '../http/errors';
import type { LoginClaims, VerifiedLogin } from '../types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Registers @fastify/jwt with the resolved secret and the `authenticate` hook of protected routes. */
export async function setupAuth(app: FastifyInstance, config: Config): Promise<void> {
  const secret = await resolveJwtSecret(config.jwtSecret, app.database, app.repos, config.dataDir);
  await app.register(fastifyJwt, {
    secret,
    // @fastify/jwt reads a number as seconds (jsonwebtoken's convention).
    sign: { algorithm: 'HS256', expiresIn: Math.ceil(config.jwtExpiresInMs / 1000) },
    verify: { algorithms: ['HS256'] },
  });

  async function verifyLoginToken(token: string): Promise<VerifiedLogin | null> {
    let claims: LoginClaims;
    try {
      claims = app.jwt.verify<LoginClaims>(token);
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return null;
    // The user as stored now: a deleted user's tokens stop working, a changed role applies at once.
    const user = await app.repos.users.findById(claims.sub);
    if (!user || user.isDeleted) return null;
    return { user, actor: { id: user.id, role: user.role, companyId: user.companyId } };
  }

  app.decorate('verifyLoginToken', verifyLoginToken);
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
