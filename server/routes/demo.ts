import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { messages } from '../../src/domain';
import { validateDemoRequest } from '../../src/domain/demoValidation';
import { codePointCap } from '../../src/domain/text';
import { Envelope, errorResponses } from '../http/schemas';
import { domainRules } from '../http/validation';
import { demoRequestMail } from '../mail/templates';
import type { RateLimits } from '../plugins/security';

const DemoBody = Type.Object({
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  email: Type.String({ maxLength: 254 }),
  phoneNumber: Type.String({ maxLength: 40 }),
  countryCode: Type.String({ maxLength: 2, description: 'ISO 3166 alpha-2, e.g. IN' }),
  // The rules allow 50 characters as a person sees them; the schema counts code points.
  companyName: Type.String({ maxLength: codePointCap(50) }),
  message: Type.String({ maxLength: 1000 }),
});

/** Every field is stored trimmed: the rules and the schema judge it trimmed too. */
async function trimFields(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  request.body = Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value]),
  );
}

/** The home page's demo request (public): stored, then mailed to the sales mailbox. */
export const demoRoutes: FastifyPluginAsyncTypebox<{ rateLimits: RateLimits }> = async (app, { rateLimits }) => {
  app.post(
    '/bookDemo',
    {
      config: { rateLimit: rateLimits.bookDemo },
      preValidation: [trimFields, domainRules(validateDemoRequest)],
      schema: {
        tags: ['public'],
        summary: 'Request a demo',
        body: DemoBody,
        response: {
          200: Envelope(Type.Object({ id: Type.String({ format: 'uuid' }) })),
          ...errorResponses(400, 429, 503),
        },
      },
    },
    async (request) => {
      const b = request.body;
      const demo = await app.repos.demoRequests.create({
        firstName: b.firstName.trim(),
        lastName: b.lastName.trim(),
        email: b.email.trim(),
        phoneNumber: b.phoneNumber.trim(),
        countryCode: b.countryCode.trim().toUpperCase(),
        companyName: b.companyName.trim(),
        message: b.message.trim(),
      });
      app.mailer.queue(
        { to: app.appConfig.salesEmail, replyTo: demo.email, ...demoRequestMail(app.mailContext, demo) },
        'demo request',
      );
      return { message: messages.demoReceived, payload: { id: demo.id } };
    },
  );
};
