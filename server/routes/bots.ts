import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, targetOf } from '../../src/domain';
import { BOT_FILE_MAX_BYTES, bots as botsDef, resourceMessages } from '../../src/domain/declarations';
import { BotArgumentSchema, describeArguments } from '../bots/arguments';
import { fileMediaType } from '../bots/storedFile';
import { multipartBodyReader, workflowOrThrow } from '../bots/upload';
import { enforce } from '../crud/routes';
import { createStore } from '../crud/store';
import { botsSource } from '../crudResources/bots';
import { bots } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { actorOf } from '../plugins/auth';

const FileField = Type.Optional(
  Type.Unknown({
    description:
      'the workflow file (.xaml, a .zip or .nupkg project package, or a script; at most 5 MB), as a multipart file part',
  }),
);
const DownloadQuery = Type.Object({
  version: Type.Optional(
    Type.Unsafe<'current' | 'previous'>({
      type: 'string',
      enum: ['current', 'previous'],
      description: 'previous: the file the last update with a new file replaced',
    }),
  ),
});

/**
 * The bespoke bot calls: the parameter preview of a file and the file's download (the current
 * or the previous version). Create, update and the rest are the schema-driven engine's
 * (server/crudResources/bots.ts), the workflow file being a multipart part there too.
 */
export const botRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: BOT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  app.addHook('preValidation', multipartBodyReader());
  const store = createStore(botsDef, botsSource);
  const tags = ['bots'];
  const security = [{ token: [] }];

  app.post(
    '/bot/getParameters',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        summary: "A workflow file's arguments (nothing is stored)",
        body: Type.Object({ file: FileField }),
        response: { 200: Envelope(Type.Array(BotArgumentSchema)), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      enforce(decide(actorOf(request), 'create', 'bots'));
      const workflow = workflowOrThrow((request.body as Record<string, unknown>).file);
      return { message: 'OK', payload: describeArguments(workflow.parameters, workflow.upload.filename) };
    },
  );

  app.get(
    '/bot/downloadXAML/:id',
    {
      schema: {
        tags,
        security,
        summary: "Download a bot's workflow file, or the version a new file replaced",
        params: IdParams,
        querystring: DownloadQuery,
        response: {
          200: {
            description: 'the file as it was uploaded: a workflow, a script or a package (zip)',
            content: {
              'application/xml': { schema: Type.String() },
              'application/zip': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) },
            },
          },
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await store.findById(app.database.db, request.params.id);
      if (!record) throw notFound();
      enforce(decide(actor, 'show', 'bots', targetOf(botsDef, record)));
      const previous = request.query.version === 'previous';
      const [file] = await app.database.db
        .select(
          previous
            ? { name: bots.previousFileName, content: bots.previousFileContent }
            : { name: bots.fileName, content: bots.fileContent },
        )
        .from(bots)
        .where(eq(bots.id, record.id));
      if (!file?.name || file.content === null)
        throw new HttpError(404, 'NO_PREVIOUS_VERSION', resourceMessages.botNoPreviousVersion);
      const safeName = file.name.replace(/[^\w.-]/g, '_');
      return reply
        .type(fileMediaType(file.name))
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .send(file.content);
    },
  );
};
