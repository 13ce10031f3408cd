import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, scopeOf, validateFields, type Action, type Actor, type Rule, type Target } from '../../src/domain';
import { writableFields, type ResourceDef } from '../../src/domain/resource';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { createRepositories } from '../db/repositories';
import { forbidden, invalidField, notFound } from '../http/errors';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { domainRules } from '../http/validation';
import { actorOf } from '../plugins/auth';
import { auditChanges, type AuditAction } from './audit';
import { mapConstraintError } from './dbErrors';
import type { CrudOptions, HookContext, Values } from './options';
import { createBodySchema, listQuerySchema, recordSchema, updateBodySchema } from './schemas';
import { filterWhere, placeholders, scopeWhere, type CrudRecord, type CrudSource } from './source';
import { createStore } from './store';

export type { CrudHooks, CrudOptions, CrudRoute, HookContext } from './options';

type ListQuery = Values & { page: number; limit: number; sort?: string; order?: string };

/** What the permission table needs to know of a stored record. */
export function targetOf(def: ResourceDef, source: CrudSource, record: CrudRecord): Target {
  const companyId = def.tenancy === 'company' ? ((record.companyId as string | null | undefined) ?? null) : def.tenancy === 'self' ? record.id : null;
  const members = source.membership ? record[source.membership] : undefined;
  return {
    companyId,
    ownerId: source.ownerField ? ((record[source.ownerField] as string | null | undefined) ?? null) : undefined,
    memberIds: Array.isArray(members) ? members.map(String) : undefined,
    role: typeof record.role === 'string' ? (record.role as Target['role']) : undefined,
  };
}

const rulesOf = (def: ResourceDef, names: string[]): Record<string, readonly Rule[]> =>
  Object.fromEntries(names.filter((n) => def.fields[n].rules).map((n) => [n, def.fields[n].rules!]));

/** Only the fields present in an update are checked: a partial update leaves the others alone. */
const present = (rules: Record<string, readonly Rule[]>, body: Values) => Object.fromEntries(Object.entries(rules).filter(([n]) => n in body));

/** Throws the answer of a refused decision: 404 hides another company's record, 403 a role's limit. */
export function enforce(decision: ReturnType<typeof decide>): void {
  if (decision === 'notFound') throw notFound();
  if (decision === 'forbidden') throw forbidden();
}

/**
 * The six conventional routes of a schema-declared resource, with TypeBox schemas (hence
 * OpenAPI), domain validation, the permission table, tenant scoping (another company's record
 * answers 404), one transaction per write and the audit log.
 */
export function crudRoutes(options: CrudOptions): FastifyPluginAsyncTypebox {
  const { def, source, hooks = {} } = options;
  const store = createStore(def, source);
  const base = `/${def.apiPrefix}`;
  const path = (route: 'list' | 'names' | 'create', fallback: string) => `${base}/${def.apiPaths?.[route] ?? fallback}`;
  const secretFields = Object.entries(def.fields).filter(([, f]) => f.secret).map(([n]) => n);
  const Record = recordSchema(def);
  const Details = options.details ? recordSchema(def, options.details.schema) : Record;
  const tags = [def.name];
  const security = [{ token: [] }];
  const createRules = rulesOf(def, writableFields(def, 'create'));
  const updateRules = rulesOf(def, writableFields(def, 'update'));
  const skip = new Set(options.skip ?? []);
  const companyColumn = store.columns.companyId;
  const defaults = Object.entries(def.fields).filter(([, f]) => f.defaultValue !== undefined && !f.readOnly);

  return async (app) => {
    const ctx = (actor: Actor, db: Database): HookContext => ({ app, actor, db, repos: createRepositories(db, { userChanged: (id) => app.forgetLogin(id) }) });
    const show = (record: CrudRecord, actor: Actor): CrudRecord => (source.present ? source.present(record, { app, actor }) : record);
    const audit = (db: Database, actor: Actor, action: AuditAction, recordId: string, changes?: Values) =>
      app.audit.record({ actor, action, resource: def.name, recordId, changes: auditChanges(changes, secretFields) }, db);
    const allowedScope = (actor: Actor, action: Action) => {
      const scope = scopeOf(actor.role, action, def.permission);
      if (scope === 'none') throw forbidden();
      return scope;
    };
    const load = async (actor: Actor, action: Action, id: string): Promise<CrudRecord> => {
      const record = await store.findById(app.database.db, id);
      if (!record || (def.softDelete && record[def.softDelete] === true && action !== 'show')) throw notFound();
      enforce(decide(actor, action, def.permission, targetOf(def, source, record)));
      return record;
    };
    const inTransaction = async <T>(work: (db: Database) => Promise<T>, deleting = false): Promise<T> => {
      try {
        return await app.database.db.transaction((tx) => work(tx));
      } catch (error) {
        throw mapConstraintError(error, { conflicts: options.conflicts, deleting });
      }
    };
    const reread = async (actor: Actor, id: string) => show((await store.findById(app.database.db, id))!, actor);

    const ListAnswer = Envelope(Type.Object({ count: Type.Integer(), countCapped: Type.Boolean(), rows: Type.Array(Record) }));
    // Rows hold exactly the declared fields already (the select list is the schema's), so the
    // native JSON.stringify is safe here and faster than a schema serializer on 100 rows.
    const plainJson = () => (data: unknown) => JSON.stringify(data);
    const listPage = async (actor: Actor, query: ListQuery, companyId?: string) => {
      const scope = allowedScope(actor, 'list');
      // Values go in as named placeholders: the SQL text then depends only on the scope and on
      // which filters are given, and the store renders it once per such shape.
      const { bind, values } = placeholders();
      const narrow = companyId && companyColumn ? eq(companyColumn, bind('company', companyId)) : undefined;
      const where = and(scopeWhere(def, source, scope, actor, bind), narrow, filterWhere(def, source, store.selection, query, bind));
      const payload = await store.list(app.database.db, {
        where,
        shape: { key: `${scope} ${Object.keys(values).sort().join(' ')}`, values },
        sort: query.sort ?? def.defaultSort.field,
        order: (query.order?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? def.defaultSort.order,
        page: query.page,
        limit: query.limit,
      }, app.database);
      return { message: 'OK', payload: { ...payload, rows: payload.rows.map((row) => show(row, actor)) } };
    };

    if (!skip.has('list')) {
      app.get(path('list', 'all'), {
        serializerCompiler: plainJson,
        schema: { tags, security, summary: `List ${def.name}`, description: 'Paged, sorted, filtered and searched in SQL. `count` stops at 10000 (`countCapped`).', querystring: listQuerySchema(def), response: { 200: ListAnswer, ...errorResponses(400, 401, 403, 503) } },
      }, async (request) => listPage(actorOf(request), request.query as ListQuery));
    }

    if (options.companyList && companyColumn) {
      app.get(`/company/:id/${options.companyList}`, {
        serializerCompiler: plainJson,
        schema: { tags: [def.name, 'companies'], security, summary: `List one company's ${def.name}`, description: `As ${path('list', 'all')}, narrowed to the company; another company's answers 404.`, params: IdParams, querystring: listQuerySchema(def), response: { 200: ListAnswer, ...errorResponses(400, 401, 403, 404, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const companyId = request.params.id;
        enforce(decide(actor, 'show', 'companies', { companyId }));
        const [company] = await app.database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
        if (!company) throw notFound();
        return listPage(actor, request.query as ListQuery, companyId);
      });
    }

    if (!skip.has('names')) {
      app.get(path('names', 'names'), {
        schema: { tags, security, summary: `Ids and names of ${def.name} (at most 1000)`, response: { 200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))), ...errorResponses(401, 403, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const where = and(scopeWhere(def, source, allowedScope(actor, 'list'), actor), source.baseWhere?.(new Set()));
        return { message: 'OK', payload: await store.names(app.database.db, where) };
      });
    }

    if (!skip.has('details')) {
      app.get(`${base}/details/:id`, {
        schema: { tags, security, summary: `One of ${def.name}`, params: IdParams, response: { 200: Envelope(Details), ...errorResponses(400, 401, 403, 404, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const record = show(await load(actor, 'show', request.params.id), actor);
        const extra = options.details ? await options.details.load(ctx(actor, app.database.db), record) : {};
        return { message: 'OK', payload: { ...record, ...extra } };
      });
    }

    if (!skip.has('create')) {
      app.post(path('create', 'create'), {
        preValidation: domainRules((body) => validateFields(body, createRules)),
        schema: { tags, security, summary: `Create one of ${def.name}`, body: createBodySchema(def), response: { 200: Envelope(Record), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const body = request.body as Values;
        const values: Values = { ...body };
        for (const [name, field] of defaults) if (values[name] === undefined || values[name] === null) values[name] = field.defaultValue;
        if (def.tenancy === 'company') {
          if (values.companyId == null && actor.companyId) values.companyId = actor.companyId;
          if (values.companyId == null && hooks.inferCompany) values.companyId = await hooks.inferCompany(ctx(actor, app.database.db), values);
          if (values.companyId == null && companyColumn?.notNull) throw invalidField('companyId', 'selectCompany');
        }
        const companyId = def.tenancy === 'company' ? ((values.companyId as string | null | undefined) ?? null) : undefined;
        enforce(decide(actor, 'create', def.permission, companyId === undefined ? undefined : { companyId, ownerId: actor.id }));
        if (source.ownerField && source.ownerField !== 'id' && store.columns[source.ownerField]) values[source.ownerField] = actor.id;
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
      });
    }

    if (!skip.has('update')) {
      app.put(`${base}/update/:id`, {
        preValidation: domainRules((body) => validateFields(body, present(updateRules, body))),
        schema: { tags, security, summary: `Update one of ${def.name}`, params: IdParams, body: updateBodySchema(def), response: { 200: Envelope(Record), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'update', request.params.id);
        const body = request.body as Values;
        await inTransaction(async (tx) => {
          const ready = hooks.beforeUpdate ? await hooks.beforeUpdate(ctx(actor, tx), { ...body }, existing) : body;
          await store.update(tx, existing.id, ready);
          await audit(tx, actor, 'update', existing.id, body);
        });
        await hooks.afterWrite?.(ctx(actor, app.database.db), existing.id, 'update');
        return { message: options.messages?.updated ?? 'Updated successfully!', payload: await reread(actor, existing.id) };
      });
    }

    if (!skip.has('delete')) {
      app.delete(`${base}/delete/:id`, {
        schema: { tags, security, summary: `Delete one of ${def.name}`, params: IdParams, response: { 200: Envelope(Type.Object({ id: Type.String() })), ...errorResponses(400, 401, 403, 404, 409, 503) } },
      }, async (request) => {
        const actor = actorOf(request);
        const existing = await load(actor, 'delete', request.params.id);
        await inTransaction(async (tx) => {
          await hooks.beforeDelete?.(ctx(actor, tx), existing);
          await store.remove(tx, existing.id);
          await audit(tx, actor, 'delete', existing.id);
        }, true);
        await hooks.afterWrite?.(ctx(actor, app.database.db), existing.id, 'delete');
        return { message: options.messages?.deleted ?? 'Deleted successfully!', payload: { id: existing.id } };
      });
    }
  };
}
