import type { FastifyPluginAsync } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { RateLimits } from '../plugins/security';
import { accountRoutes } from './account';
import { agentChannelRoutes } from './agentChannel';
import { agentRegistrationRoutes, agentRoutes } from './agents';
import { botRoutes } from './bots';
import { dashboardRoutes } from '../dashboard/routes';
import { demoRoutes } from './demo';
import { groupRoutes } from './groups';
import { licenceRoutes } from './licences';
import { processHistoryRoutes } from './processHistory';
import { processRoutes } from './processes';
import { publicRoutes } from './public';
import { registrationTokenRoutes } from './registrationTokens';
import { resources } from './resources';
import { roleRoutes } from './roles';
import { scheduleRoutes } from './schedules';
import { userRoutes } from './users';

/**
 * Every /api route: public ones in one scope, the rest behind the `authenticate` hook —
 * the schema-driven resources, the bespoke calls, then `extra` (BuildOptions.plugins).
 */
export interface RouteOptions {
  rateLimits: RateLimits;
  /** The reference agent built as one runnable file (served when no installer is configured). */
  agentBundle: string;
}

export async function registerRoutes(
  app: FastifyInstance,
  { rateLimits, agentBundle }: RouteOptions,
  extra: readonly FastifyPluginAsync[] = [],
): Promise<void> {
  await app.register(
    async (open) => {
      await open.register(publicRoutes);
      await open.register(accountRoutes, { rateLimits });
      await open.register(demoRoutes, { rateLimits });
      await open.register(agentRegistrationRoutes, { rateLimits });
      await open.register(agentChannelRoutes, { agentBundle });
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
      await secured.register(processRoutes);
      await secured.register(processHistoryRoutes);
      await secured.register(scheduleRoutes);
      await secured.register(dashboardRoutes);
      for (const plugin of extra) await secured.register(plugin);
    },
    { prefix: '/api' },
  );
}
