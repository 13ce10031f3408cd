import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../plugins/security';
import { accountRoutes } from './account';
import { demoRoutes } from './demo';
import { publicRoutes } from './public';
import { roleRoutes } from './roles';
import { userRoutes } from './users';

/** Every /api route: public ones in one scope, the rest behind the `authenticate` hook. */
export async function registerRoutes(app: FastifyInstance, rateLimits: RateLimits): Promise<void> {
  await app.register(
    async (open) => {
      await open.register(publicRoutes);
      await open.register(accountRoutes, { rateLimits });
      await open.register(demoRoutes, { rateLimits });
    },
    { prefix: '/api' },
  );
  await app.register(
    async (secured) => {
      secured.addHook('onRequest', app.authenticate);
      await secured.register(userRoutes);
      await secured.register(roleRoutes);
    },
    { prefix: '/api' },
  );
}
