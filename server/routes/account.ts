import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { messages, required, simpleEmailRules, validateFields } from '../../src/domain';
import { looksLikeJwt, readAuthorization } from '../auth/tokens';
import { unauthorized } from '../http/errors';
import { Envelope, errorResponses, MessageOnly, SessionUserSchema } from '../http/schemas';
import { domainRules } from '../http/validation';
import { changePassword, issueResetLink, login, resetWithToken } from '../services/accounts';
import type { RateLimits } from '../plugins/security';

const LoginBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
});

const LoginPayload = Type.Object({
  token: Type.String({ description: 'JWT; send it as `Authorization: Token <jwt>`' }),
  isFirstLogin: Type.Boolean(),
  user: SessionUserSchema,
});

// The rules decide what is missing; the schema documents the shape.
const PasswordBody = Type.Object({
  oldPassword: Type.Optional(
    Type.String({ maxLength: 128, description: 'Needed when logged in, except on first login' }),
  ),
  newPassword: Type.Optional(
    Type.String({ maxLength: 128, description: 'Required; 8-12 characters, upper, lower, digit, one of #?!@$%^&*-' }),
  ),
  confirmNewPassword: Type.Optional(Type.String({ maxLength: 128, description: 'Required; equal to newPassword' })),
});

/** Public account calls: login, forgot-password, reset-password (which checks its own token). */
export const accountRoutes: FastifyPluginAsyncTypebox<{ rateLimits: RateLimits }> = async (app, { rateLimits }) => {
  app.post(
    '/user/login',
    {
      config: { rateLimit: rateLimits.login },
      preValidation: domainRules((body) =>
        validateFields(body, { email: [required('emailRequired')], password: [required('passwordRequired')] }),
      ),
      schema: {
        tags: ['account'],
        summary: 'Log in with e-mail and password',
        body: LoginBody,
        response: { 200: Envelope(LoginPayload), ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => ({
      message: 'Logged in successfully.',
      payload: await login(app, request.body.email, request.body.password),
    }),
  );

  app.post(
    '/account/forgot-password',
    {
      config: { rateLimit: rateLimits.forgotPassword },
      preValidation: domainRules((body) => validateFields(body, { email: simpleEmailRules })),
      schema: {
        tags: ['account'],
        summary: 'Mail a reset link; the answer is the same whether or not the address is registered',
        body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
        response: { 200: MessageOnly, ...errorResponses(400, 429, 503) },
      },
    },
    async (request) => {
      const user = await app.repos.users.findActiveByEmail(request.body.email);
      if (user) await issueResetLink(app, user, 'forgot');
      return { message: messages.linkSent, payload: null };
    },
  );

  app.post(
    '/account/reset-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password',
        description:
          'Authorization: `Token <reset token from the mailed link>` (no old password; unblocks the account) ' +
          'or `Token <login JWT>` (old password required unless first login).',
        security: [{ token: [] }],
        body: PasswordBody,
        response: { 200: MessageOnly, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const token = readAuthorization(request.headers.authorization);
      if (!token) throw unauthorized();
      const change = {
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword ?? '',
        confirmNewPassword: request.body.confirmNewPassword ?? '',
      };
      if (looksLikeJwt(token)) {
        // Fresh: the old-password check and the first-login state must be today's.
        const verified = await app.verifyLoginToken(token, { fresh: true });
        if (!verified) throw unauthorized();
        await changePassword(app, verified, change);
      } else {
        await resetWithToken(app, token, change);
      }
      return { message: messages.passwordReset, payload: null };
    },
  );
};
