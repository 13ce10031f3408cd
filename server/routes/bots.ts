import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { decide, messages, targetOf, validateFields, type FieldError } from '../../src/domain';
import {
  BOT_FILE_EXTENSIONS,
  BOT_FILE_MAX_BYTES,
  BOT_TYPES,
  bots as botsDef,
  resourceMessages,
  type BotParameter,
} from '../../src/domain/declarations';
import { eq } from 'drizzle-orm';
import { readScriptParameters } from '../bots/script';
import { readXaml } from '../bots/xaml';
import { mapConstraintError } from '../crud/dbErrors';
import { enforce } from '../crud/routes';
import { recordSchema } from '../crud/schemas';
import { createStore } from '../crud/store';
import { bots } from '../db/schema';
import { fieldError, HttpError, invalidField, notFound, validationFailed, type FieldIssue } from '../http/errors';
import { requestMessages } from '../http/messages';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { botsSource } from '../crudResources/bots';
import { reserveLicenceSlot } from '../services/licences';

/** A multipart file part as the body holds it (set by `readMultipartBody` below). */
interface Upload {
  filename: string;
  content: Buffer;
}
const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as Upload).content);

const ParameterSchema = Type.Object({ name: Type.String(), direction: Type.String(), type: Type.String() });
const FileField = Type.Optional(
  Type.Unknown({ description: 'the workflow file (.xaml, at most 5 MB), as a multipart file part' }),
);
const CreateBody = Type.Object({
  file: FileField,
  name: Type.String({ maxLength: 32 }),
  description: Type.String({ maxLength: 500 }),
  type: Type.Optional(Type.Unsafe<number>({ type: 'integer', enum: [...BOT_TYPES] })),
  companyId: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'required of Super and Sub Admins; a company user creates in their own company',
    }),
  ),
  timeoutSeconds: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 86_400,
      description: 'a run taking longer is killed and fails (default 3600)',
    }),
  ),
});

interface Workflow {
  upload: Upload;
  text: string;
  parameters: BotParameter[];
}

/** Reads the upload of a body: its workflow's parameters, or the field error that refuses it. */
function readWorkflow(body: Record<string, unknown>): Workflow | FieldIssue {
  const upload = body.file;
  if (!isUpload(upload)) return { field: 'file', message: resourceMessages.botFileRequired };
  const lower = upload.filename.toLowerCase();
  if (!BOT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext)))
    return { field: 'file', message: resourceMessages.botFileInvalid };
  const text = upload.content.toString('utf8');
  // Workflows and scripts are text: no NUL (PostgreSQL could not store it), no bytes that are not UTF-8.
  if (text.includes('\u0000') || text.includes('\uFFFD'))
    return { field: 'file', message: resourceMessages.botFileInvalid };
  if (!lower.endsWith('.xaml')) return { upload, text, parameters: readScriptParameters(text) };
  const reading = readXaml(text);
  return reading.ok
    ? { upload, text, parameters: reading.parameters }
    : { field: 'file', message: resourceMessages.botFileInvalid };
}

const createRules = { name: botsDef.fields.name.rules ?? [], description: botsDef.fields.description.rules ?? [] };

/** The workflow a create's preValidation read, so the handler does not parse the file again. */
const workflows = new WeakMap<FastifyRequest, Workflow>();

/** Domain rules and the file together, so one answer lists every problem of the form. */
async function checkCreate(request: FastifyRequest): Promise<void> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const errors: FieldError[] = validateFields(body, createRules);
  const issues = validationFailed(errors).errors ?? [];
  const workflow = readWorkflow(body);
  if ('field' in workflow) issues.push(workflow);
  else workflows.set(request, workflow);
  if (issues.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', issues[0].message, issues);
}

/** A part the multipart parser refused: over a limit keeps its 413, anything else is a malformed body. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return new HttpError(413, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge);
  return new HttpError(400, 'MALFORMED_MULTIPART', requestMessages.malformedMultipart);
}

/**
 * Reads a multipart body into `{field: text, file: Upload}` before validation. Any fault of the
 * body (no or wrong boundary, cut short, random bytes) is the client's: a 400, never a 500.
 * A name sent twice becomes a list, which the schema then refuses.
 */
async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields = new Map<string, unknown>();
  const add = (name: string, value: unknown) => {
    const previous = fields.get(name);
    fields.set(name, previous === undefined ? value : [previous, value].flat());
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        try {
          add(part.fieldname, { filename: part.filename, content: await part.toBuffer() } satisfies Upload);
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 413)
            throw fieldError('file', resourceMessages.botFileTooLarge, 413, 'FILE_TOO_LARGE');
          throw error;
        }
      } else if (typeof part.value === 'string') {
        add(part.fieldname, part.value);
      } else {
        // A part sent as application/json arrives parsed: the forms send text only.
        throw new HttpError(400, 'VALIDATION_FAILED', requestMessages.multipartFieldNotText(part.fieldname), [
          { field: part.fieldname, message: requestMessages.multipartFieldNotText(part.fieldname) },
        ]);
      }
    }
  } catch (error) {
    throw multipartError(error);
  }
  // fromEntries defines own properties: a part named "__proto__" cannot reach the prototype.
  request.body = Object.fromEntries(fields);
}

/**
 * The bespoke bot calls: create from a multipart upload (licence-checked), the parameter
 * preview of a file, and the file's download. The rest is the schema-driven engine.
 */
export const botRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: BOT_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 11 },
  });
  app.addHook('preValidation', readMultipartBody);
  const store = createStore(botsDef, botsSource);
  const tags = ['bots'];
  const security = [{ token: [] }];
  const consumes = ['multipart/form-data'];

  app.post(
    '/bot/create',
    {
      preValidation: checkCreate,
      schema: {
        tags,
        security,
        consumes,
        summary: 'Create a bot from its workflow file',
        body: CreateBody,
        response: { 200: Envelope(recordSchema(botsDef)), ...errorResponses(400, 401, 403, 404, 409, 413, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as Record<string, unknown>;
      // As the engine's create: a company user's own company unless another is named (which then answers 404).
      const companyId = (typeof body.companyId === 'string' ? body.companyId : null) ?? actor.companyId;
      if (!companyId) throw invalidField('companyId', 'selectCompany');
      enforce(decide(actor, 'create', 'bots', { companyId, ownerId: actor.id }));
      const workflow = workflows.get(request);
      if (!workflow) throw fieldError('file', resourceMessages.botFileRequired);
      const values = {
        companyId,
        userId: actor.id,
        name: String(body.name).trim(),
        description: String(body.description).trim(),
        type: Number(body.type ?? BOT_TYPES[0]),
        timeoutSeconds: Number(body.timeoutSeconds ?? botsDef.fields.timeoutSeconds.defaultValue),
        fileName: workflow.upload.filename,
        fileSize: workflow.upload.content.length,
        fileContent: workflow.text,
        parameters: workflow.parameters,
      };
      let id: string;
      try {
        id = await app.database.db.transaction(async (tx) => {
          await reserveLicenceSlot(app, tx, companyId, 'bots');
          const newId = await store.insert(tx, values);
          const { fileContent: _content, ...audited } = values;
          await app.audit.record({ actor, action: 'create', resource: 'bots', recordId: newId, changes: audited }, tx);
          return newId;
        });
      } catch (error) {
        throw mapConstraintError(error, { conflicts: { bots_company_name_unique: resourceMessages.botNameTaken } });
      }
      return { message: resourceMessages.botCreated, payload: (await store.findById(app.database.db, id))! };
    },
  );

  app.post(
    '/bot/getParameters',
    {
      schema: {
        tags,
        security,
        consumes,
        summary: "A workflow file's arguments (nothing is stored)",
        body: Type.Object({ file: FileField }),
        response: { 200: Envelope(Type.Array(ParameterSchema)), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      enforce(decide(actorOf(request), 'create', 'bots'));
      const workflow = readWorkflow(request.body as Record<string, unknown>);
      if ('field' in workflow) throw fieldError(workflow.field, workflow.message);
      return { message: 'OK', payload: workflow.parameters };
    },
  );

  app.get(
    '/bot/downloadXAML/:id',
    {
      schema: {
        tags,
        security,
        summary: "Download a bot's workflow file",
        params: IdParams,
        response: {
          200: { description: 'the .xaml file', content: { 'application/xml': { schema: Type.String() } } },
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const record = await store.findById(app.database.db, request.params.id);
      if (!record) throw notFound();
      enforce(decide(actor, 'show', 'bots', targetOf(botsDef, record)));
      const [file] = await app.database.db
        .select({ name: bots.fileName, content: bots.fileContent })
        .from(bots)
        .where(eq(bots.id, record.id));
      const safeName = file.name.replace(/[^\w.-]/g, '_');
      return reply
        .type(
          file.name.toLowerCase().endsWith('.xaml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .send(file.content);
    },
  );
};
