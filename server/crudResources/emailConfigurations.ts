import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { ROLE } from '../../src/domain';
import { emailConfigurations as def, MAIL_SECRET_MAX } from '../../src/domain/declarations/emailConfigurations';
import { resourceMessages } from '../../src/domain/declarations/messages';
import { MAX_RECIPIENTS } from '../../src/domain/constants';
import { decide } from '../../src/domain/permissions';
import type { CrudOptions, HookContext, Values } from '../crud/options';
import type { CrudRecord, CrudSource } from '../crud/source';
import { encryptText } from '../crypto/dataKey';
import { agents, bots, emailConfigurations } from '../db/schema';
import { fieldError, HttpError } from '../http/errors';
import { serverColumns, serversOf } from '../mailbox/settings';
import { scheduleSubjects } from '../services/schedules';
import { emailScheduleGate } from '../mailbox/gate';
import { mailboxRoutes } from '../mailbox/routes';
import { emailConfigurationsChanged } from '../mailbox/watcher/signal';
import { companyNameOf } from './shared';

export const emailConfigurationsSource: CrudSource = {
  table: emailConfigurations,
  lookups: {
    companyName: companyNameOf(emailConfigurations.companyId),
    botName: { table: bots, column: 'name', via: emailConfigurations.botId },
    agentName: { table: agents, column: 'name', via: emailConfigurations.agentId },
  },
};

/**
 * The bot (seen by the actor) and the agent must be of the configuration's company: a mail
 * never runs another company's bot.
 */
async function checkSubjects(ctx: HookContext, companyId: string, botId: unknown, agentId: unknown): Promise<void> {
  const { bot, agent } = await scheduleSubjects(ctx.db, String(botId), String(agentId));
  const seen =
    bot &&
    decide(ctx.actor, 'show', 'bots', { companyId: bot.companyId, ownerId: bot.userId, memberIds: bot.viewerIds });
  if (!bot || seen !== 'allow' || bot.companyId !== companyId)
    throw fieldError('botId', resourceMessages.mailBotOfOtherCompany);
  if (!agent || agent.companyId !== companyId) throw fieldError('agentId', resourceMessages.mailAgentOfOtherCompany);
}

/** The secret of a body, encrypted; a blank one (an edit that keeps it) is left out. */
function withSecret(ctx: HookContext, values: Values): Values {
  const { secret, ...rest } = values;
  if (typeof secret === 'string' && secret !== '') rest.secretEncrypted = encryptText(ctx.app.dataKey, secret);
  return rest;
}

/** A Sub Admin changes no configuration a Super Admin made. */
async function checkCreator(ctx: HookContext, existing: CrudRecord): Promise<void> {
  if (ctx.actor.role !== ROLE.subAdmin || typeof existing.createdBy !== 'string') return;
  const result = (await ctx.db.execute(
    sql`select r.name as "role" from users u join roles r on r.id = u.role_id where u.id = ${existing.createdBy}::uuid`,
  )) as unknown as { rows: { role: string }[] };
  if (result.rows[0]?.role === ROLE.superAdmin)
    throw new HttpError(403, 'FORBIDDEN', resourceMessages.mailConfigurationByPlatform);
}

const SUBJECT_FIELDS = ['botId', 'agentId'];
const SERVER_FIELDS = ['host', 'imapHost', 'imapPort', 'imapSecure', 'smtpHost', 'smtpPort', 'smtpSecure'];

/**
 * E-mail configurations: the engine's routes with hooks (the host's servers, the encrypted app
 * password, the bot and agent of the company, the creator's rule), the e-mail scheduling gate
 * on every route, and the host list and check-connection routes.
 */
export const emailConfigurationsCrud: CrudOptions = {
  def,
  source: emailConfigurationsSource,
  messages: {
    created: resourceMessages.emailConfigurationCreated,
    updated: resourceMessages.emailConfigurationUpdated,
    deleted: resourceMessages.emailConfigurationDeleted,
  },
  inputSchemas: {
    recipients: Type.Array(Type.String({ maxLength: 254 }), { maxItems: MAX_RECIPIENTS }),
    secret: Type.String({ maxLength: MAIL_SECRET_MAX }),
  },
  register: async (app) => {
    app.addHook('onRequest', emailScheduleGate(app));
    // An edit form sends an empty secret to keep the stored one: it is no change, not a blank value.
    app.addHook('preValidation', async (request) => {
      const body = request.body as Record<string, unknown> | null;
      if (request.method === 'PUT' && body && typeof body === 'object' && body.secret === '') delete body.secret;
    });
    await app.register(mailboxRoutes);
  },
  hooks: {
    async beforeCreate(ctx, values) {
      const companyId = String(values.companyId);
      await checkSubjects(ctx, companyId, values.botId, values.agentId);
      return {
        ...withSecret(ctx, values),
        ...serverColumns(serversOf(values)),
        recipients: Array.isArray(values.recipients) ? values.recipients : [],
        createdBy: ctx.actor.id,
      };
    },
    async beforeUpdate(ctx, values, existing) {
      await checkCreator(ctx, existing);
      const out = withSecret(ctx, values);
      if (SERVER_FIELDS.some((name) => Object.hasOwn(values, name)))
        Object.assign(out, serverColumns(serversOf(values, existing)));
      if (SUBJECT_FIELDS.some((name) => Object.hasOwn(values, name)))
        await checkSubjects(
          ctx,
          String(existing.companyId),
          values.botId ?? existing.botId,
          values.agentId ?? existing.agentId,
        );
      return out;
    },
    // The watchers (every node's, through Redis) start, restart or stop the mailbox's session.
    afterWrite: async () => emailConfigurationsChanged(),
  },
};
