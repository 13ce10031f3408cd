import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { and } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, scopeOf, validateFields, type Action, type Actor, type Rule, type Target } from '../../src/domain';
import { writableFields, type ResourceDef } from '../../src/domain/resource';
import { forbidden, notFound } from '../http/errors';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { domainRules } from '../http/validation';
import { actorOf } from '../plugins/auth';
import type { AuditAction } from './audit';
import { mapConstraintError } from './dbErrors';
import { createBodySchema, listQuerySchema, recordSchema, updateBodySchema } from './schemas';
import { filterWhere, scopeWhere, type CrudSource } from './source';
import { createStore, type CrudRecord } from './store';

type Values = Record<string, unknown>;
export interface HookContext {
  app: FastifyInstance;
  actor: Actor;
}
export interface CrudHooks {
  /** Checks and completes a body before it is written; throw an HttpError to refuse. */
  beforeCreate?: (ctx: HookContext, values: Values) => Promise<Values>;
  afterCreate?: (ctx: HookContext, record: CrudRecord) => Promise<void>;
  beforeUpdate?: (ctx: HookContext, values: Values, existing: CrudRecord) => Promise<Values>;
  beforeDelete?: (ctx: HookContext, existing: CrudRecord) => Promise<void>;
}
export type CrudRoute = 'list' | 'names' | 'details' | 'create' | 'update' | 'delete';
export interface CrudOptions {
  def: ResourceDef;
  source: CrudSource;
  hooks?: CrudHooks;
  /** Routes a resource serves with bespoke handlers instead. */
  skip?: readonly CrudRoute[];
  messages?: Partial<Record<'created' | 'updated' | 'deleted', string>>;
}

/** What the permission table needs to know of a stored record. */
export function targetOf(def: ResourceDef, source: CrudSource, record: CrudRecord): Target {
  const companyId = def.tenancy === 'company' ? (record.companyId as string | null) : def.tenancy === 'self' ? record.id : null;
  const members = source.membership ? record[source.membership] : undefined;
  return {
    companyId,
    ownerId: source.ownerField ? (record[source.ownerField] as string | null) : undefined,
    memberIds: Array.isArray(members) ? members.map(String) : undefined,
    role: typeof record.role === 'string' ? (record.role as Target['role']) : undefined,
  };
}

const rulesOf = (def: ResourceDef, names: string[]): Record<string, readonly Rule[]> =>
  Object.fromEntries(names.filter((n) => def.fields[n].rules).map((n) => [n, def.fields[n].rules!]));

/** Only the fields present in an update are checked: a partial update leaves the others alone. */
const present = (rules: Record<string, readonly Rule[]>, body: Values) =>
  Object.fromEntries(Object.entries(rules).filter(([n]) => n in body));

/**
 * The six conventional routes of a schema-declared resource, with TypeBox schemas (hence
 * OpenAPI), domain validation, the permission table, tenant scoping (another company's record
 * answers 404) and the audit log.
 */
export function crudRoutes(options: CrudOptions): FastifyPluginAsyncTypebox {
  const { def, source, hooks = {} } = options;
  const store = createStore(def, source);
  const base = `/${def.apiPrefix}`;
  const path = (route: Exclude<CrudRoute, 'details' | 'update' | 'delete'>, fallback: string) => `${base}/${def.apiPaths?.[route] ?? fallback}`;
  const Record = recordSchema(def);
  const tags = [def.name];
  const security = [{ token: [] }];
  const createRules = rulesOf(def, writableFields(def, 'create'));
  const updateRules = rulesOf(def, writableFields(def, 'update'));
  const skip = new Set(options.skip ?? []);

  return async (app) => {
    const ctx = (actor: Actor): HookContext => ({ app, actor });
    const audit = async (actor: Actor, action: AuditAction, recordId: string, changes?: Values) => {
      if (app.hasDecorator('audit')) await app.audit.record({ actor, action, resource: def.name, recordId, changes });
    };
    const allowedScope = (actor: Actor, action: Action) => {
      const scope = scopeOf(actor.role, action, def.permission);
      if (scope === 'none') throw forbidden();
      return scope;
    };
    const load = async (actor: Actor, action: Action, id: string): Promise<CrudRecord> => {
      const record = await store.findById(app.database.db, id);
      if (!record || (def.softDelete && record[def.softDelete] === true && action !== 'show')) throw notFound();
      const decision = decide(actor, action, def.permission, targetOf(def, source, record));
      if (decision === 'notFound') throw notFound();
      if (decision === 'forbidden') throw forbidden();
      return record;
    };
    const write = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        throw mapConstraintError(error);
      }
    };

    if (!skip.has('list')) {
      app.get(path('list', 'all'), {
        schema: { tags, security, summary: `List ${def.name}`, querystring: listQuerySchema(def), response: { 200: Envelope(Type.Object({ count: Type.Integer(), countCapped: Type.Boolean(), rows: Type.Array(Record) })), ...errorResponses(400, 401, 403, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const query = request.query as Values & { page: number; limit: number; sort?: string; order?: string; q?: string };
        const scope = allowedScope(actor, 'list');
        const payload = await store.list(app.database.db, {
          where: and(scopeWhere(def, source, scope, actor), filterWhere(def, source, query)),
          sort: query.sort ?? def.defaultSort.field,
          order: (query.order?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? def.defaultSort.order,
          page: query.page,
          limit: query.limit,
        });
        return { message: 'OK', payload };
      });
    }

    if (!skip.has('names')) {
      app.get(path('names', 'names'), {
        schema: { tags, security, summary: `Names of ${def.name}`, response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))), ...errorResponses(401, 403, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const scope = allowedScope(actor, 'list');
        return { message: 'OK', payload: await store.names(app.database.db, scopeWhere(def, source, scope, actor)) };
      });
    }

    if (!skip.has('details')) {
      app.get(`${base}/details/:id`, {
        schema: { tags, security, summary: `One of ${def.name}`, params: IdParams, response: { 200: Envelope(Record), ...errorResponses(400, 401, 403, 404, 503) } },
      }, async (request) => ({ message: 'OK', payload: await load(actorOf(request), 'show', request.params.id) }));
    }

    if (!skip.has('create')) {
      app.post(path('create', 'create'), {
        preValidation: domainRules((body) => validateFields(body, createRules)),
        schema: { tags, security, summary: `Create one of ${def.name}`, body: createBodySchema(def), response: { 200: Envelope(Record), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        let values = { ...(request.body as Values) };
        if (def.tenancy === 'company' && actor.companyId && values.companyId === undefined) values.companyId = actor.companyId;
        const target: Target = def.tenancy === 'company' ? { companyId: (values.companyId as string | null) ?? null, ownerId: actor.id } : {};
        const decision = decide(actor, 'create', def.permission, target);
        if (decision !== 'allow') throw decision === 'notFound' ? notFound() : forbidden();
        if (hooks.beforeCreate) values = await hooks.beforeCreate(ctx(actor), values);
        const id = await write(() => store.insert(app.database.db, values));
        const record = (await store.findById(app.database.db, id))!;
        await audit(actor, 'create', id, request.body as Values);
        await hooks.afterCreate?.(ctx(actor), record);
        return { message: options.messages?.created ?? 'Created successfully!', payload: record };
      });
    }

    if (!skip.has('update')) {
      app.put(`${base}/update/:id`, {
        preValidation: domainRules((body) => validateFields(body, present(updateRules, body))),
        schema: { tags, security, summary: `Update one of ${def.name}`, params: IdParams, body: updateBodySchema(def), response: { 200: Envelope(Record), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'update', request.params.id);
        let values = { ...(request.body as Values) };
        if (hooks.beforeUpdate) values = await hooks.beforeUpdate(ctx(actor), values, existing);
        await write(() => store.update(app.database.db, existing.id, values));
        await audit(actor, 'update', existing.id, request.body as Values);
        return { message: options.messages?.updated ?? 'Updated successfully!', payload: (await store.findById(app.database.db, existing.id))! };
      });
    }

    if (!skip.has('delete')) {
      app.delete(`${base}/delete/:id`, {
        schema: { tags, security, summary: `Delete one of ${def.name}`, params: IdParams, response: { 200: Envelope(Type.Object({ id: Type.String() })), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'delete', request.params.id);
        await hooks.beforeDelete?.(ctx(actor), existing);
        await write(() => store.remove(app.database.db, existing.id));
        await audit(actor, 'delete', existing.id);
        return { message: options.messages?.deleted ?? 'Deleted successfully!', payload: { id: existing.id } };
      });
    }
  };
}
