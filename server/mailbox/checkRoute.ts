import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, emailRules, targetOf, validateFields, type Rule } from '../../src/domain';
import { emailConfigurations as def, MAIL_SECRET_MAX } from '../../src/domain/declarations/emailConfigurations';
import { resourceMessages } from '../../src/domain/declarations/messages';
import { MAIL_HOST_IDS } from '../../src/domain/mailHosts';
import { required } from '../../src/domain/rules';
import { enforce } from '../crud/enforce';
import { decryptText } from '../crypto/dataKey';
import { emailConfigurations } from '../db/schema';
import { fieldError, notFound, validationFailed } from '../http/errors';
import { errorResponses } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { checkMailbox } from './check';
import { serversOf } from './settings';

const Port = Type.Integer({ minimum: 1, maximum: 65535 });
const Host = Type.String({ maxLength: 253 });

/** The form's settings, or the id of a stored configuration with the settings the form changed. */
const CheckBody = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid' })),
  host: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...MAIL_HOST_IDS] })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  secret: Type.Optional(Type.String({ maxLength: MAIL_SECRET_MAX })),
  imapHost: Type.Optional(Host),
  imapPort: Type.Optional(Port),
  imapSecure: Type.Optional(Type.Boolean()),
  smtpHost: Type.Optional(Host),
  smtpPort: Type.Optional(Port),
  smtpSecure: Type.Optional(Type.Boolean()),
});

const Service = Type.Object({ ok: Type.Boolean(), message: Type.String() });
const CheckAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({ ok: Type.Boolean(), imap: Service, smtp: Service }),
});

const RULES: Record<string, readonly Rule[]> = {
  host: [required('selectHost')],
  email: emailRules,
  secret: [required('inputSecret')],
};

/**
 * POST /emailSchedule/check-connection: logs in to the mailbox for real (IMAP and SMTP) and
 * answers the result with the servers' own reasons, within 10 s. It takes the form's settings
 * with the secret typed in it, or the id of a stored configuration (whose secret is used unless
 * the body types a new one) plus the settings the form changed.
 */
export const checkConnectionRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/emailSchedule/check-connection',
    {
      schema: {
        tags: [def.name],
        security: [{ token: [] }],
        summary: 'Log in to a mailbox (IMAP and SMTP) and tell whether it works, and why not',
        body: CheckBody,
        response: { 200: CheckAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      let stored: typeof emailConfigurations.$inferSelect | undefined;
      if (body.id) {
        [stored] = await app.database.db
          .select()
          .from(emailConfigurations)
          .where(eq(emailConfigurations.id, String(body.id)))
          .limit(1);
        if (!stored) throw notFound();
        enforce(decide(actor, 'show', def, targetOf(def, stored)));
      } else {
        enforce(decide(actor, 'create', def));
      }
      const typed = typeof body.secret === 'string' && body.secret !== '' ? body.secret : undefined;
      const values: Record<string, unknown> = { ...stored, ...body };
      if (stored && typed === undefined) values.secret = stored.secretEncrypted;
      const errors = validateFields(values, RULES);
      if (errors.length > 0) throw validationFailed(errors);
      const secret = typed ?? (stored ? decryptText(app.dataKey, stored.secretEncrypted) : null);
      if (secret === null) throw fieldError('secret', resourceMessages.mailSecretUnreadable);
      const { imap, smtp } = serversOf(values);
      const result = await checkMailbox({ email: String(values.email).trim(), secret, imap, smtp });
      return { message: result.message, data: { ok: result.ok, imap: result.imap, smtp: result.smtp } };
    },
  );
};
