import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and } from 'drizzle-orm';
import { Type } from 'typebox';
import { decide, scopeOf, targetOf, type Action, type Actor } from '../../src/domain';
import { COUNT_CAP } from '../../src/domain/constants';
import { apiPathsOf } from '../../src/domain/resource';
import type { Database } from '../db/client';
import { createRepositories } from '../db/repositories';
import { forbidden, notFound } from '../http/errors';
import { Envelope, errorResponses, IdParams } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { auditChanges, type AuditAction } from './audit';
import { checkDeclaration } from './check';
import { mapConstraintError } from './dbErrors';
import type { CrudOptions, HookContext, Values } from './options';
import { listQuerySchema, recordSchema } from './schemas';
import { allOf, filterWhere, pin, placeholders, scopeWhere, type CrudRecord } from './source';
import { createStore } from './store';
import { enforce } from './enforce';
import { writeRoutes } from './writes';

export { enforce } from './enforce';

export type { CrudHooks, CrudOptions, CrudRoute, HookContext } from './options';

type ListQuery = Values & { page: number; limit: number; sort?: string; order?: string };

/**
 * The six conventional routes of a schema-declared resource, with TypeBox schemas (hence
 * OpenAPI), domain validation, the permission table, tenant scoping (another company's record
 * answers 404), one transaction per write and the audit log.
 */
export function crudRoutes(options: CrudOptions): FastifyPluginAsyncTypebox {
  const { def, source } = options;
  const paths = apiPathsOf(def);
  const secretFields = Object.entries(def.fields)
    .filter(([, f]) => f.secret)
    .map(([n]) => n);
  const RecordSchema = recordSchema(def, options.outputSchemas);
  const Details = options.details
    ? recordSchema(def, { ...options.outputSchemas, ...options.details.schema })
    : RecordSchema;
  const tags = [def.name];
  const security = [{ token: [] }];
  const skip = new Set(options.skip ?? []);

  return async (app) => {
    // Here rather than when the plugin is made: a declaration the server cannot serve stops the start.
    checkDeclaration(options);
    await options.register?.(app);
    const consumes = options.consumes ? { consumes: ['application/json', ...options.consumes] } : {};
    const store = createStore(def, source);
    const companyColumn = store.columns.companyId;
    const ctx = (actor: Actor, db: Database): HookContext => ({
      app,
      actor,
      db,
      repos: createRepositories(db, { userChanged: (id) => app.forgetLogin(id) }),
    });
    const show = (record: CrudRecord, actor: Actor): CrudRecord =>
      source.present ? source.present(record, { app, actor }) : record;
    const audit = (db: Database, actor: Actor, action: AuditAction, recordId: string, changes?: Values) =>
      app.audit.record(
        { actor, action, resource: def.name, recordId, changes: auditChanges(changes, secretFields) },
        db,
      );
    const allowedScope = (actor: Actor, action: Action) => {
      const scope = scopeOf(actor.role, action, def);
      if (scope === 'none') throw forbidden();
      return scope;
    };
    const load = async (actor: Actor, action: Action, id: string): Promise<CrudRecord> => {
      const record = await store.findById(app.database.db, id);
      if (!record || (def.softDelete && record[def.softDelete] === true && action !== 'show')) throw notFound();
      enforce(decide(actor, action, def, targetOf(def, record)));
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

    const ListAnswer = Envelope(
      Type.Object({ count: Type.Integer(), countCapped: Type.Boolean(), rows: Type.Array(RecordSchema) }),
    );
    // Rows hold exactly the declared fields already (the select list is the schema's), so the
    // native JSON.stringify is safe here and faster than a schema serializer on 100 rows.
    const plainJson = () => (data: unknown) => JSON.stringify(data);
    const listPage = async (actor: Actor, query: ListQuery, companyId?: string) => {
      const scope = allowedScope(actor, 'list');
      // Values go in as named placeholders: the SQL text then depends only on the scope and on
      // which filters are given, and the store renders it once per such shape.
      const { bind, values } = placeholders();
      const narrow =
        companyId && companyColumn ? pin(companyColumn, bind('company', companyId)) : { sql: undefined, pins: [] };
      const where = allOf(
        scopeWhere(def, source, scope, actor, bind),
        narrow,
        filterWhere(def, source, store.selection, query, bind),
      );
      const payload = await store.list(
        app.database.db,
        {
          where: where.sql,
          shape: { key: `${scope} ${Object.keys(values).sort().join(' ')}`, values, pins: where.pins },
          sort: query.sort ?? def.defaultSort.field,
          order: (query.order?.toUpperCase() as 'ASC' | 'DESC' | undefined) ?? def.defaultSort.order,
          page: query.page,
          limit: query.limit,
        },
        app.database,
      );
      return { message: 'OK', payload: { ...payload, rows: payload.rows.map((row) => show(row, actor)) } };
    };

    if (!skip.has('list')) {
      app.get(
        paths.list,
        {
          serializerCompiler: plainJson,
          schema: {
            tags,
            security,
            summary: `List ${def.name}`,
            description: `Paged, sorted, filtered and searched in SQL. \`count\` stops at ${COUNT_CAP} (\`countCapped\`).`,
            querystring: listQuerySchema(def),
            response: { 200: ListAnswer, ...errorResponses(400, 401, 403, 503) },
          },
        },
        async (request) => listPage(actorOf(request), request.query as ListQuery),
      );
    }

    const companyList = options.companyList;
    if (companyList && companyColumn) {
      app.get(
        `/${companyList.companies.apiPrefix}/:id/${companyList.name}`,
        {
          serializerCompiler: plainJson,
          schema: {
            tags: [def.name, companyList.companies.name],
            security,
            summary: `List one company's ${def.name}`,
            description: `As ${paths.list}, narrowed to the company; another company's answers 404.`,
            params: IdParams,
            querystring: listQuerySchema(def),
            response: { 200: ListAnswer, ...errorResponses(400, 401, 403, 404, 503) },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          const companyId = request.params.id;
          enforce(decide(actor, 'show', companyList.companies, { companyId }));
          if (!(await companyList.exists(app.database.db, companyId))) throw notFound();
          return listPage(actor, request.query as ListQuery, companyId);
        },
      );
    }

    if (!skip.has('names')) {
      app.get(
        paths.names,
        {
          schema: {
            tags,
            security,
            summary: `Ids and names of ${def.name} (at most 1000)`,
            response: {
              200: Envelope(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))),
              ...errorResponses(401, 403, 503),
            },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          const where = and(
            scopeWhere(def, source, allowedScope(actor, 'list'), actor).sql,
            source.baseWhere?.(new Set()),
          );
          return { message: 'OK', payload: await store.names(app.database.db, where) };
        },
      );
    }

    if (!skip.has('details')) {
      app.get(
        paths.details,
        {
          schema: {
            tags,
            security,
            summary: `One of ${def.name}`,
            params: IdParams,
            response: { 200: Envelope(Details), ...errorResponses(400, 401, 403, 404, 503) },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          const record = show(await load(actor, 'show', request.params.id), actor);
          const extra = options.details ? await options.details.load(ctx(actor, app.database.db), record) : {};
          return { message: 'OK', payload: { ...record, ...extra } };
        },
      );
    }

    writeRoutes(app, { options, store, ctx, audit, load, inTransaction, reread, consumes, RecordSchema });
  };
}
