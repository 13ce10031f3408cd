import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import type { Actor, FieldError } from '../../src/domain';
import type { ResourceDef } from '../../src/domain/resource';
import type { Database } from '../db/client';
import type { Repositories } from '../db/repositories';
import type { CrudRecord, CrudSource } from './source';

export type Values = Record<string, unknown>;

export interface HookContext {
  app: FastifyInstance;
  actor: Actor;
  /**
   * The transaction of the write (the app's database in afterCreate). Use it, or `repos`,
   * for every query of a hook: PGlite runs one transaction at a time, so a query on the
   * app's own handle inside a write would wait for itself.
   */
  db: Database;
  repos: Repositories;
}

export interface CrudHooks {
  /** Company of a create that names none (e.g. a group's members' company); runs before the permission check. */
  inferCompany?: (ctx: HookContext, values: Values) => Promise<string | undefined>;
  /**
   * Slow work that needs no database (hashing), before the write's transaction opens: PGlite serves no one else
   * meanwhile.
   */
  prepareCreate?: (ctx: HookContext, values: Values) => Promise<Values>;
  /** Checks and completes a body before it is written (in the write's transaction); throw an HttpError to refuse. */
  beforeCreate?: (ctx: HookContext, values: Values) => Promise<Values>;
  /** After the commit: mails, notifications. */
  afterCreate?: (ctx: HookContext, record: CrudRecord) => Promise<void>;
  beforeUpdate?: (ctx: HookContext, values: Values, existing: CrudRecord) => Promise<Values>;
  beforeDelete?: (ctx: HookContext, existing: CrudRecord) => Promise<void>;
  /** After the commit of each create, update or delete (caches to drop, notifications). */
  afterWrite?: (ctx: HookContext, id: string, action: 'create' | 'update' | 'delete') => Promise<void>;
}

export type CrudRoute = 'list' | 'names' | 'details' | 'create' | 'update' | 'delete';

/**
 * The list route narrowed to one company. Who may see the company may list its records; a
 * company the actor may not see, or that does not exist, answers 404.
 */
export interface CompanyList {
  /** The path's last part: 'bots' → /company/:id/bots. */
  name: string;
  /** The companies' declaration (its prefix and permission row). */
  companies: ResourceDef;
  exists: (db: Database, companyId: string) => Promise<boolean>;
}

export interface CrudOptions {
  def: ResourceDef;
  source: CrudSource;
  hooks?: CrudHooks;
  /**
   * The resource's own body parsers and request hooks (a bot's multipart upload), registered in
   * its routes' plugin before the routes, so that they apply to this resource only.
   */
  register?: (app: FastifyInstance) => Promise<void>;
  /** Content types its create and update accept besides JSON (OpenAPI), e.g. multipart/form-data. */
  consumes?: readonly string[];
  /**
   * Rules over a whole body, run with the fields' own rules before the schema, for what no single
   * field decides: a schedule's bot, recipients and duration are judged together, with the
   * messages its builder shows. On update the body is the subset sent.
   */
  bodyRules?: Partial<Record<'create' | 'update', (body: Values) => FieldError[]>>;
  /**
   * The input schema of a field whose body value may take more shapes than the stored one (a
   * schedule's duration: the object, or its JSON string); a hook stores it. OpenAPI shows it.
   */
  inputSchemas?: Record<string, TSchema>;
  /**
   * The answered schema of a field whose value has a shape of its own (a bot's `parameters`: the
   * arguments as `present` describes them) rather than its type's, in every record answer and in
   * OpenAPI.
   */
  outputSchemas?: Record<string, TSchema>;
  /** Routes a resource serves with bespoke handlers, or not at all. */
  skip?: readonly CrudRoute[];
  messages?: Partial<Record<'created' | 'updated' | 'deleted', string>>;
  /** Unique constraint or index name → message of the 409 it causes. */
  conflicts?: Record<string, string>;
  /** Also list the records of one company at `/<companies' prefix>/:id/<name>`, e.g. /company/:id/bots. */
  companyList?: CompanyList;
  /** More of a record in the details answer only (e.g. a company's licence). */
  details?: {
    schema: Record<string, TSchema>;
    load: (ctx: HookContext, record: CrudRecord) => Promise<Values>;
  };
}
