import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { decide, validateFields, type Action, type Actor, type Rule } from '../../src/domain';
import { apiPathsOf, writableFields, type ResourceDef } from '../../src/domain/resource';
import type { Database } from '../db/client';
import { invalidField } from '../http/errors';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { domainRules } from '../http/validation';
import { actorOf } from '../plugins/auth';
import type { AuditAction } from './audit';
import { writableOnly } from './bodyFields';
import { enforce } from './enforce';
import type { CrudOptions, HookContext, Values } from './options';
import { createBodySchema, updateBodySchema } from './schemas';
import type { CrudRecord } from './source';
import type { createStore } from './store';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** What the write routes share with the read routes of the same resource (crudRoutes makes them). */
export interface WriteKit {
  options: CrudOptions;
  store: ReturnType<typeof createStore>;
  ctx: (actor: Actor, db: Database) => HookContext;
  audit: (db: Database, actor: Actor, action: AuditAction, recordId: string, changes?: Values) => Promise<unknown>;
  load: (actor: Actor, action: Action, id: string) => Promise<CrudRecord>;
  inTransaction: <T>(work: (db: Database) => Promise<T>, deleting?: boolean) => Promise<T>;
  reread: (actor: Actor, id: string) => Promise<CrudRecord>;
  consumes: { consumes?: string[] };
  RecordSchema: TSchema;
}

const rulesOf = (def: ResourceDef, names: string[]): Record<string, readonly Rule[]> =>
  Object.fromEntries(names.filter((n) => def.fields[n].rules).map((n) => [n, def.fields[n].rules!]));

/** Only the fields present in an update are checked: a partial update leaves the others alone. */
const present = (rules: Record<string, readonly Rule[]>, body: Values) =>
  Object.fromEntries(Object.entries(rules).filter(([n]) => n in body));

/** The body with the `trim` fields' leading and trailing spaces removed. */
function trimmed(def: ResourceDef, body: Values): Values {
  const out = { ...body };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = out[name];
    if (field.trim && typeof value === 'string') out[name] = value.trim();
  }
  return out;
}

/**
 * A preValidation hook that trims the `trim` fields first, so that the domain rules, the schema
 * and the handler all see the value that is stored ('  Christmas Day ' is 'Christmas Day').
 */
const trimFirst =
  (def: ResourceDef) =>
  async (request: FastifyRequest): Promise<void> => {
    const body: unknown = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) request.body = trimmed(def, body as Values);
  };

/**
 * Create, update and delete of a schema-declared resource: a body naming a field it may not
 * write is refused (400, each such field listed), then domain rules before the schema, the
 * permission table, one transaction per write with its audit entry, then the after-write hooks.
 */
export function writeRoutes(app: App, kit: WriteKit): void {
  const { options, store, ctx, audit, load, inTransaction, reread, consumes, RecordSchema } = kit;
  const { def, hooks = {} } = options;
  const paths = apiPathsOf(def);
  const tags = [def.name];
  const security = [{ token: [] }];
  const skip = new Set(options.skip ?? []);
  const createRules = rulesOf(def, writableFields(def, 'create'));
  const updateRules = rulesOf(def, writableFields(def, 'update'));
  const defaults = Object.entries(def.fields).filter(([, f]) => f.defaultValue !== undefined && !f.readOnly);
  const companyColumn = store.columns.companyId;

  if (!skip.has('create')) {
    app.post(
      paths.create,
      {
        preValidation: [
          trimFirst(def),
          writableOnly(def, 'create'),
          domainRules((body) => [...validateFields(body, createRules), ...(options.bodyRules?.create?.(body) ?? [])]),
        ],
        schema: {
          tags,
          security,
          summary: `Create one of ${def.name}`,
          ...consumes,
          body: createBodySchema(def, options.inputSchemas),
          response: { 200: Envelope(RecordSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = trimmed(def, request.body as Values);
        const values: Values = { ...body };
        for (const [name, field] of defaults)
          if (values[name] === undefined || values[name] === null) values[name] = field.defaultValue;
        if (def.tenancy === 'company') {
          if (values.companyId == null && actor.companyId) values.companyId = actor.companyId;
          if (values.companyId == null && hooks.inferCompany)
            values.companyId = await hooks.inferCompany(ctx(actor, app.database.db), values);
          if (values.companyId == null && companyColumn?.notNull) throw invalidField('companyId', 'selectCompany');
        }
        const companyId =
          def.tenancy === 'company' ? ((values.companyId as string | null | undefined) ?? null) : undefined;
        enforce(decide(actor, 'create', def, companyId === undefined ? undefined : { companyId, ownerId: actor.id }));
        if (def.ownerField && def.ownerField !== 'id') values[def.ownerField] = actor.id;
        const prepared = hooks.prepareCreate ? await hooks.prepareCreate(ctx(actor, app.database.db), values) : values;
        const id = await inTransaction(async (tx) => {
          const ready = hooks.beforeCreate ? await hooks.beforeCreate(ctx(actor, tx), prepared) : prepared;
          const newId = await store.insert(tx, ready);
          await audit(tx, actor, 'create', newId, { ...body, ...(companyId ? { companyId } : {}) });
          return newId;
        });
        const record = await reread(actor, id);
        await hooks.afterCreate?.(ctx(actor, app.database.db), record);
        await hooks.afterWrite?.(ctx(actor, app.database.db), id, 'create');
        return { message: options.messages?.created ?? 'Created successfully!', payload: record };
      },
    );
  }

  if (!skip.has('update')) {
    app.put(
      paths.update,
      {
        preValidation: [
          trimFirst(def),
          writableOnly(def, 'update'),
          domainRules((body) => [
            ...validateFields(body, present(updateRules, body)),
            ...(options.bodyRules?.update?.(body) ?? []),
          ]),
        ],
        schema: {
          tags,
          security,
          summary: `Update one of ${def.name}`,
          ...consumes,
          params: IdParams,
          body: updateBodySchema(def, options.inputSchemas),
          response: { 200: Envelope(RecordSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'update', request.params.id);
        const body = trimmed(def, request.body as Values);
        await inTransaction(async (tx) => {
          const ready = hooks.beforeUpdate ? await hooks.beforeUpdate(ctx(actor, tx), { ...body }, existing) : body;
          await store.update(tx, existing.id, ready);
          await audit(tx, actor, 'update', existing.id, body);
        });
        await hooks.afterWrite?.(ctx(actor, app.database.db), existing.id, 'update');
        return {
          message: options.messages?.updated ?? 'Updated successfully!',
          payload: await reread(actor, existing.id),
        };
      },
    );
  }

  if (!skip.has('delete')) {
    app.delete(
      paths.delete,
      {
        schema: {
          tags,
          security,
          summary: `Delete one of ${def.name}`,
          params: IdParams,
          response: {
            200: Envelope(Type.Object({ id: Type.String() })),
            ...errorResponses(400, 401, 403, 404, 409, 503),
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'delete', request.params.id);
        await inTransaction(async (tx) => {
          await hooks.beforeDelete?.(ctx(actor, tx), existing);
          await store.remove(tx, existing.id);
          await audit(tx, actor, 'delete', existing.id);
        }, true);
        await hooks.afterWrite?.(ctx(actor, app.database.db), existing.id, 'delete');
        return { message: options.messages?.deleted ?? 'Deleted successfully!', payload: { id: existing.id } };
      },
    );
  }
}
