import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canConfigureEmail } from '../../src/domain/declarations/emailConfigurations';
import { resourceMessages } from '../../src/domain/declarations/messages';
import { readAuthorization } from '../auth/tokens';
import { HttpError } from '../http/errors';

/**
 * E-mail configurations are open to Super and Sub Admin, and to company people whose account
 * has e-mail scheduling enabled: the others get 403 on every route, before their body is read.
 * The login is the one the authentication just verified (cached), so the flag costs no query.
 */
export const emailScheduleGate =
  (app: FastifyInstance) =>
  async (request: FastifyRequest): Promise<void> => {
    const token = readAuthorization(request.headers.authorization);
    const login = token ? await app.verifyLoginToken(token) : null;
    if (!login) return; // the authentication hook has answered 401 already
    const { role } = login.actor;
    if (!canConfigureEmail({ role, enabledEmailSchedule: login.user.enabledEmailSchedule }))
      throw new HttpError(403, 'FORBIDDEN', resourceMessages.emailScheduleDisabled);
  };
