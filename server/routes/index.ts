import type { FastifyPluginAsync } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../plugins/security';
import { accountRoutes } from './account';
import { agentRegistrationRoutes, agentRoutes } from './agents';
import { botRoutes } from './bots';
import { demoRoutes } from './demo';
import { groupRoutes } from './groups';
import { licenceRoutes } from './licences';
import { publicRoutes } from './public';
import { registrationTokenRoutes } from './registrationTokens';
import { resources } from './resources';
import { roleRoutes } from './roles';
import { userRoutes } from './users';

/**
 * Every /api route: public ones in one scope, the rest behind the `authenticate` hook —
 * the schema-driven resources, the bespoke calls, then `extra` (BuildOptions.plugins).
 */
export async function registerRoutes(app: FastifyInstance, rateLimits: RateLimits, extra: readonly FastifyPluginAsync[] = []): Promise<void> {
  await app.register(
    async (open) => {
      await open.register(publicRoutes);
      await open.register(accountRoutes, { rateLimits });
      await open.register(demoRoutes, { rateLimits });
      await open.register(agentRegistrationRoutes, { rateLimits });
    },
    { prefix: '/api' },
  );
  await app.register(
    async (secured) => {
      secured.addHook('onRequest', app.authenticate);
      for (const resource of resources) await secured.register(resource);
      await secured.register(userRoutes);
      await secured.register(roleRoutes);
      await secured.register(groupRoutes);
      await secured.register(registrationTokenRoutes);
      await secured.register(licenceRoutes);
      await secured.register(botRoutes);
      await secured.register(agentRoutes);
      for (const plugin of extra) await secured.register(plugin);
    },
    { prefix: '/api' },
  );
}
