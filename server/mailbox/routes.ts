import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MAIL_HOSTS } from '../../src/domain/mailHosts';
import { Envelope, errorResponses } from '../http/schemas';
import { checkConnectionRoute } from './checkRoute';

const Server = Type.Object({ host: Type.String(), port: Type.Integer(), secure: Type.Boolean() });
const Host = Type.Object({
  id: Type.String(),
  label: Type.String(),
  imap: Server,
  smtp: Server,
  instructionsKey: Type.String(),
});

/**
 * The e-mail configurations' own routes, in their resource's scope (behind its e-mail
 * scheduling gate): the host list and the connection check.
 */
export const mailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/emailSchedule/all/names',
    {
      schema: {
        tags: ['emailConfigurations'],
        security: [{ token: [] }],
        summary: 'The mail hosts a configuration may name, with how to get their app password',
        response: { 200: Envelope(Type.Array(Host)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ message: 'Success', payload: MAIL_HOSTS.map((h) => ({ ...h })) }),
  );
  await app.register(checkConnectionRoute);
};
