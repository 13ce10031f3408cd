import { ACTIONS, isSharedAccess, type Scope } from './access';
import { FIELD_TYPES, ON_DELETE, type FieldDef, type ResourceDef, type Tenancy } from './resource';
import { ROLE, type RoleKey } from './roles';

/*
 * What a declaration must be before anything is derived from it. The type checker says the same
 * of a declaration it compiles, but a typo it reports does not stop `tsx`: without this check
 * `npm run db:generate` would write a text column for `type: 'bool'` and the server would serve
 * it. The server refuses to start and db:generate refuses to write while any of these is found.
 */

const SCOPES: Readonly<Record<Scope, true>> = { all: true, company: true, own: true, member: true, none: true };
const TENANCIES: Readonly<Record<Tenancy, true>> = { company: true, self: true, none: true };
const ROLE_KEYS = Object.keys(ROLE) as RoleKey[];

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);
const quoted = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

function fieldShapeProblems(name: string, field: FieldDef): string[] {
  const problems: string[] = [];
  if (!isOneOf(FIELD_TYPES, field.type)) {
    problems.push(`field ${name}: unknown type ${quoted(field.type)} (a type is one of ${FIELD_TYPES.join(', ')})`);
    return problems;
  }
  if (field.type === 'enum' && !(Array.isArray(field.choices) && field.choices.length > 0))
    problems.push(`field ${name}: an enum needs its choices (choices: ['a', 'b'])`);
  if (
    (field.type === 'reference' || field.type === 'references') &&
    !(typeof field.reference === 'string' && field.reference)
  )
    problems.push(`field ${name}: a ${field.type} field needs its target resource (reference: '<resource name>')`);
  if (field.onDelete !== undefined) {
    if (field.type !== 'reference') problems.push(`field ${name}: onDelete is for reference fields only`);
    else if (!isOneOf(ON_DELETE, field.onDelete))
      problems.push(`field ${name}: onDelete ${quoted(field.onDelete)} is not one of ${ON_DELETE.join(', ')}`);
  }
  return problems;
}

/** A permission row gives every role a scope for each action; a shared one names the row it follows. */
function accessProblems(def: ResourceDef): string[] {
  const access: unknown = def.access;
  if (typeof access !== 'object' || access === null) return ['access: no permission row'];
  if (isSharedAccess(def.access)) {
    return typeof def.access.sameAs === 'string' && def.access.sameAs
      ? []
      : ['access: sameAs must name the resource whose row it follows'];
  }
  const row = access as Record<string, unknown>;
  const scopes = Object.keys(SCOPES).join(', ');
  const problems: string[] = [];
  for (const role of ROLE_KEYS) {
    const cells: unknown = row[role];
    if (cells === undefined) {
      problems.push(`access: no scopes for ${role}`);
      continue;
    }
    if (typeof cells !== 'object' || cells === null || Array.isArray(cells)) {
      problems.push(`access: the scopes of ${role} are an object naming each action (${ACTIONS.join(', ')})`);
      continue;
    }
    const named = cells as Record<string, unknown>;
    for (const action of ACTIONS) {
      const scope = named[action];
      if (scope === undefined) problems.push(`access: ${role} has no scope for ${action}`);
      else if (typeof scope !== 'string' || !(scope in SCOPES))
        problems.push(`access: ${role}.${action} is ${quoted(scope)}, not one of ${scopes}`);
    }
    for (const key of Object.keys(named)) {
      if (!isOneOf(ACTIONS, key)) problems.push(`access: ${role}.${key} is no action (${ACTIONS.join(', ')})`);
    }
  }
  for (const key of Object.keys(row)) {
    if (!isOneOf(ROLE_KEYS, key)) problems.push(`access: ${key} is no role (${ROLE_KEYS.join(', ')})`);
  }
  return problems;
}

/** What is wrong with the shape of one declaration (empty when nothing). */
export function declarationShapeProblems(def: ResourceDef): string[] {
  const problems: string[] = [];
  if (!isOneOf(Object.keys(TENANCIES), def.tenancy))
    problems.push(`tenancy ${quoted(def.tenancy)} is not one of ${Object.keys(TENANCIES).join(', ')}`);
  for (const [name, field] of Object.entries(def.fields)) problems.push(...fieldShapeProblems(name, field));
  return [...problems, ...accessProblems(def)];
}

/** What is wrong with a list of declarations, each problem prefixed by its resource's name (empty when nothing). */
export function declarationsShapeProblems(defs: readonly ResourceDef[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const def of defs) {
    if (seen.has(def.name)) problems.push(`${def.name}: declared twice`);
    seen.add(def.name);
    problems.push(...declarationShapeProblems(def).map((problem) => `${def.name}: ${problem}`));
  }
  return problems;
}
