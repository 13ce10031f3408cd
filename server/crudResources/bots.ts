import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { messages } from '../../src/domain';
import { BOT_FILE_MAX_BYTES, bots as botsDef, resourceMessages } from '../../src/domain/declarations';
import { botGroups, bots, companyLicences, groups, userGroups } from '../db/schema';
import type { Database } from '../db/client';
import type { CrudOptions, Values } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { fieldError } from '../http/errors';
import { BotArgumentSchema, describeArguments } from '../bots/arguments';
import { multipartBodyReader, workflowOrThrow, type Workflow } from '../bots/upload';
import { reserveLicenceSlot } from '../services/licences';
import { companyList, companyNameOf, userNameOf } from './shared';

export const botsSource: CrudSource = {
  table: bots,
  lookups: { companyName: companyNameOf(bots.companyId), userName: userNameOf(bots.userId) },
  relations: { groupIds: { table: botGroups, self: botGroups.botId, other: botGroups.groupId } },
  // In place (the record is this request's own): the arguments with what a run may leave of each.
  present: (record) => {
    record.parameters = describeArguments(record.parameters, record.fileName);
    return record;
  },
  computed: {
    // A bot runs while its company holds a licence that has not ended.
    expired: sql`(not exists (select 1 from ${companyLicences} where ${companyLicences.companyId} = ${bots.companyId} and ${companyLicences.endDate} >= current_date))`,
    // Who sees the bot with the `member` scope: its creator and the members of the groups it is shared with.
    viewerIds: sql`array(select ${bots.userId}::text union select ${userGroups.userId}::text from ${botGroups} join ${userGroups} on ${userGroups.groupId} = ${botGroups.groupId} where ${botGroups.botId} = ${bots.id})`,
  },
};

/** A bot is shared with groups of its own company only. */
async function assertGroupsOfBot(db: Database, values: Values, companyId: unknown): Promise<void> {
  const ids = [...new Set(Array.isArray(values.groupIds) ? values.groupIds.map(String) : [])];
  if (ids.length === 0) return;
  const found =
    typeof companyId === 'string'
      ? await db
          .select({ id: groups.id })
          .from(groups)
          .where(and(inArray(groups.id, ids), eq(groups.companyId, companyId)))
      : [];
  if (found.length !== ids.length) throw fieldError('groupIds', messages.botGroupsOfOtherCompany);
}

/**
 * The stored values of a workflow file: its name, size, bytes as uploaded and arguments; the
 * checksum is of those bytes (what the agent downloads and checks).
 */
const fileValues = (workflow: Workflow): Values => ({
  fileName: workflow.upload.filename,
  fileSize: workflow.upload.content.length,
  fileContent: workflow.upload.content,
  fileChecksum: createHash('sha256').update(workflow.upload.content).digest('hex'),
  parameters: workflow.parameters,
});

/** The workflow a create's prepareCreate read, handed to its beforeCreate (no second parse). */
const WORKFLOW = Symbol('workflow');
type WithWorkflow = Values & { [WORKFLOW]?: Workflow };

/**
 * Bots: the schema-driven engine, with the workflow file as a multipart part. Create reads the
 * file (its arguments become the bot's parameters) and takes a slot of the company's licence in
 * the write's transaction; an update with a file replaces the workflow, reads its parameters
 * again and keeps the replaced file as the previous version. The parameter preview and the
 * downloads are bespoke (server/routes/bots.ts).
 */
export const botsCrud: CrudOptions = {
  def: botsDef,
  source: botsSource,
  companyList: companyList('bots'),
  consumes: ['multipart/form-data'],
  outputSchemas: { parameters: Type.Optional(Type.Array(BotArgumentSchema)) },
  register: async (app) => {
    await app.register(multipart, {
      limits: { fileSize: BOT_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
    });
    app.addHook('preValidation', multipartBodyReader(botsDef));
  },
  hooks: {
    // Parsing a workflow needs no database: done before the write's transaction opens.
    prepareCreate: async (_ctx, values) => {
      const workflow = workflowOrThrow(values.file);
      return { ...values, [WORKFLOW]: workflow } satisfies WithWorkflow;
    },
    beforeCreate: async (ctx, values: WithWorkflow) => {
      const { file: _file, [WORKFLOW]: workflow, ...rest } = values;
      await assertGroupsOfBot(ctx.db, rest, rest.companyId);
      await reserveLicenceSlot(ctx.app, ctx.db, String(rest.companyId), 'bots');
      return { ...rest, ...fileValues(workflow ?? workflowOrThrow(values.file)) };
    },
    beforeUpdate: async (ctx, values, existing) => {
      const { file, ...rest } = values;
      await assertGroupsOfBot(ctx.db, rest, existing.companyId);
      if (file === undefined || file === null) return rest;
      const workflow = workflowOrThrow(file);
      // The replaced file stays downloadable as the previous version.
      await ctx.db
        .update(bots)
        .set({ previousFileContent: sql`${bots.fileContent}`, previousFileName: sql`${bots.fileName}` })
        .where(eq(bots.id, existing.id));
      return { ...rest, ...fileValues(workflow), fileReplacedAt: new Date() };
    },
  },
  messages: {
    created: resourceMessages.botCreated,
    updated: resourceMessages.botUpdated,
    deleted: resourceMessages.botDeleted,
  },
  conflicts: { bots_company_name_unique: resourceMessages.botNameTaken },
};
