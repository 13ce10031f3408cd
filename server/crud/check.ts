import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { declarationShapeProblems } from '../../src/domain/declarationShape';
import { rowOf } from '../../src/domain/permissions';
import { filterFields, searchableFields, sortableFields, writableFields } from '../../src/domain/resource';
import type { CrudOptions } from './options';

type Kind =
  'column' | 'generated column' | 'lookup' | 'computed value' | 'relation' | 'presented value' | 'virtual field';
/** What SQL can filter, search and sort by. */
const IN_SQL: readonly Kind[] = ['column', 'generated column', 'lookup', 'computed value'];
/** What a create or an update can write (a virtual field through a hook). */
const WRITABLE: readonly Kind[] = ['column', 'relation', 'virtual field'];

const tableName = (table: PgTable): string => getTableConfig(table).name;

/** How the server reads (and maybe writes) each declared field, or undefined when nothing does. */
function kindOf({ def, source }: CrudOptions, columns: Record<string, PgColumn>, name: string): Kind | undefined {
  if (def.fields[name].virtual) return 'virtual field';
  if (source.computed?.[name]) return 'computed value';
  if (source.lookups?.[name]) return 'lookup';
  if (source.relations?.[name]) return 'relation';
  if (columns[name]) return columns[name].generated ? 'generated column' : 'column';
  if (source.presented?.includes(name)) return 'presented value';
  return undefined;
}

/** Fields that nothing reads, that a route accepts but cannot write, or that SQL is asked to use but cannot. */
function fieldProblems(options: CrudOptions, kinds: ReadonlyMap<string, Kind | undefined>): string[] {
  const { def, hooks = {} } = options;
  const skip = new Set(options.skip ?? []);
  const problems: string[] = [];
  for (const [name, kind] of kinds) {
    if (!kind) problems.push(`field ${name}: no column, lookup, computed value, relation or presented value reads it`);
  }
  for (const route of ['create', 'update'] as const) {
    if (skip.has(route)) continue;
    const hook = route === 'create' ? 'beforeCreate' : 'beforeUpdate';
    for (const name of writableFields(def, route)) {
      const kind = kinds.get(name);
      if (kind === 'virtual field' && !hooks[hook]) {
        problems.push(
          `field ${name}: virtual and accepted on ${route}, but no ${hook} hook turns it into stored values`,
        );
      } else if (kind && !WRITABLE.includes(kind)) {
        problems.push(`field ${name}: accepted on ${route}, but a ${kind} cannot be written (make it readOnly)`);
      }
    }
  }
  const inSql = (names: readonly string[], what: string) => {
    for (const name of names) {
      const kind = kinds.get(name);
      if (kind && !IN_SQL.includes(kind)) problems.push(`field ${name}: ${what}, but a ${kind} is not in the SQL`);
    }
  };
  // A filter may also be a relation (EXISTS in the link table).
  inSql(
    filterFields(def).filter((name) => kinds.get(name) !== 'relation'),
    'a filter',
  );
  inSql(searchableFields(def), 'searchable');
  inSql(sortableFields(def), 'sortable');
  for (const name of [def.recordRepresentation, def.defaultSort.field]) {
    const kind = kinds.get(name);
    if (!kind || !IN_SQL.includes(kind))
      problems.push(
        `field ${name}: named by recordRepresentation or defaultSort, but it is ${kind ? `a ${kind}` : 'no field'}`,
      );
  }
  return problems;
}

/** What the declaration and the source name of each other: owner, members, soft delete, company, lookups. */
function referenceProblems({ def, source }: CrudOptions, kinds: ReadonlyMap<string, Kind | undefined>): string[] {
  const problems: string[] = [];
  const table = tableName(source.table);
  if (def.ownerField && kinds.get(def.ownerField) !== 'column')
    problems.push(`ownerField ${def.ownerField}: not a column of ${table}`);
  const memberKind = def.membership ? kinds.get(def.membership) : undefined;
  if (def.membership && memberKind !== 'relation' && memberKind !== 'computed value') {
    problems.push(
      `membership ${def.membership}: not a relation (a link table behind a references field) nor a computed id list`,
    );
  }
  if (def.softDelete && (kinds.get(def.softDelete) !== 'column' || def.fields[def.softDelete].type !== 'boolean')) {
    problems.push(`softDelete ${def.softDelete}: not a boolean column`);
  }
  if (def.tenancy === 'company' && kinds.get('companyId') !== 'column')
    problems.push('field companyId: tenancy company needs a companyId column');
  for (const [name, lookup] of Object.entries(source.lookups ?? {})) {
    const target = getTableColumns(lookup.table) as Record<string, PgColumn>;
    if (!def.fields[name]) problems.push(`lookup ${name}: names no declared field`);
    if (!target[lookup.column] || !target.id)
      problems.push(`lookup ${name}: ${tableName(lookup.table)} has no column ${lookup.column} or no id`);
    if (lookup.via.table !== source.table) problems.push(`lookup ${name}: its via column is not a column of ${table}`);
  }
  for (const name of [
    ...Object.keys(source.computed ?? {}),
    ...Object.keys(source.relations ?? {}),
    ...(source.presented ?? []),
  ]) {
    if (!def.fields[name]) problems.push(`${name}: computed, related or presented, but no declared field`);
  }
  try {
    rowOf(def);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  return problems;
}

/**
 * What is wrong with a declaration's shape (field types, enum choices, reference targets, its
 * permission row), then between it and how the server reads and writes it (empty when nothing).
 */
export function declarationProblems(options: CrudOptions): string[] {
  const shape = declarationShapeProblems(options.def);
  if (shape.length > 0) return shape;
  const columns = getTableColumns(options.source.table) as Record<string, PgColumn>;
  const kinds = new Map(Object.keys(options.def.fields).map((name) => [name, kindOf(options, columns, name)]));
  return [...fieldProblems(options, kinds), ...referenceProblems(options, kinds)];
}

/**
 * Refuses a declaration the server cannot serve as declared: its shape must be valid, and every
 * field, filter, sort, ownerField, membership and lookup must resolve to a column, a lookup, a
 * computed value, a relation, or a virtual field that a hook consumes. Runs when the routes are registered, so
 * that the server does not start (rather than dropping a value or ignoring a filter later).
 */
export function checkDeclaration(options: CrudOptions): void {
  const problems = declarationProblems(options);
  if (problems.length > 0) {
    throw new Error(
      `The declaration of ${options.def.name} does not match what the server reads and writes:\n- ${problems.join('\n- ')}`,
    );
  }
}
