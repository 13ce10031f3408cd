import { Type, type TSchema } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../../src/domain/constants';
import {
  filterFields,
  sortableFields,
  writableFields,
  type FieldDef,
  type ResourceDef,
} from '../../src/domain/resource';

const enumType = (choices: readonly (string | number)[]): string =>
  choices.every((c) => typeof c === 'number')
    ? choices.every((c) => Number.isInteger(c))
      ? 'integer'
      : 'number'
    : 'string';

/** The JSON schema of one value of a field; `uuid` formats only where ids come in. */
function valueSchema(field: FieldDef, input: boolean): TSchema {
  const bounds = {
    ...(field.min !== undefined ? { minimum: field.min } : {}),
    ...(field.max !== undefined ? { maximum: field.max } : {}),
  };
  switch (field.type) {
    case 'boolean':
      return Type.Boolean();
    case 'integer':
      return Type.Integer(bounds);
    case 'number':
      return Type.Number(bounds);
    case 'date':
      return Type.String({ format: 'date' });
    case 'datetime':
      return Type.String({ format: 'date-time' });
    case 'enum':
      return Type.Unsafe<string | number>({ type: enumType(field.choices ?? []), enum: [...(field.choices ?? [])] });
    case 'reference':
      return input ? Type.String({ format: 'uuid' }) : Type.String();
    case 'references':
      return Type.Array(input ? Type.String({ format: 'uuid' }) : Type.String(), input ? { maxItems: 1000 } : {});
    case 'json':
      return Type.Unknown();
    default:
      return Type.String(field.maxLength ? { maxLength: field.maxLength } : {});
  }
}

/**
 * `nullable: true` (OpenAPI 3.0) rather than anyOf-with-null: ajv and fast-json-stringify both
 * read it, the serializer stays fast (no per-value branch matching) and the docs stay readable.
 */
function nullable(schema: TSchema): TSchema {
  const raw = schema as unknown as Record<string, unknown>;
  if (raw.type === undefined) return schema;
  const withNull: Record<string, unknown> = { ...raw, nullable: true };
  if (Array.isArray(raw.enum)) withNull.enum = [...(raw.enum as unknown[]), null];
  return Type.Unsafe<unknown>(withNull);
}

/** A record as the API answers it: every non-secret field (absent or null when unknown), plus extras. */
export function recordSchema(def: ResourceDef, extra: Record<string, TSchema> = {}): TSchema {
  const props: Record<string, TSchema> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.secret || field.virtual) continue;
    props[name] = Type.Optional(nullable(valueSchema(field, false)));
  }
  return Type.Object({ ...props, ...extra }, { title: def.name });
}

const describe = (field: FieldDef): { description?: string } => {
  const notes = [
    field.createOnly ? 'set on create only' : '',
    field.virtual ? 'not stored: used to compute other fields' : '',
  ].filter(Boolean);
  return notes.length > 0 ? { description: notes.join('; ') } : {};
};

/** The schema a body's value of a field must meet: the resource's own for it, else the field type's. */
const inputSchema = (field: FieldDef, own: TSchema | undefined): TSchema => own ?? valueSchema(field, true);

/**
 * Create: the writable fields, the required ones required unless they have a default (the
 * record then takes it); any other property is refused (400 naming it, see bodyFields.ts).
 * `inputs` replaces the schema of fields whose body value takes other shapes than the stored one.
 */
export function createBodySchema(def: ResourceDef, inputs: Record<string, TSchema> = {}): TSchema {
  const props: Record<string, TSchema> = {};
  for (const name of writableFields(def, 'create')) {
    const field = def.fields[name];
    const schema = Type.Unsafe<unknown>({ ...(inputSchema(field, inputs[name]) as object), ...describe(field) });
    if (field.required && field.defaultValue !== undefined) props[name] = Type.Optional(schema);
    else props[name] = field.required ? schema : Type.Optional(nullable(schema));
  }
  return Type.Object(props, { additionalProperties: false });
}

/** Update: a non-empty subset of the fields that may change after creation. */
export function updateBodySchema(def: ResourceDef, inputs: Record<string, TSchema> = {}): TSchema {
  const props: Record<string, TSchema> = {};
  for (const name of writableFields(def, 'update')) {
    const field = def.fields[name];
    const schema = inputSchema(field, inputs[name]);
    props[name] = Type.Optional(field.required ? schema : nullable(schema));
  }
  return Type.Object(props, { additionalProperties: false, minProperties: 1 });
}

export const filterParamOf = (def: ResourceDef, name: string): string => def.fields[name].filterParam ?? name;

/** A list's query: page, limit, sort, order, q and the resource's filters. */
export function listQuerySchema(def: ResourceDef): TSchema {
  const sortable = sortableFields(def);
  const filters: Record<string, TSchema> = {};
  for (const name of filterFields(def)) {
    const field = def.fields[name];
    const single =
      field.type === 'references' || field.type === 'reference'
        ? Type.String({ format: 'uuid' })
        : valueSchema(field, true);
    filters[filterParamOf(def, name)] = Type.Optional(single);
  }
  for (const field of Object.values(def.fields)) {
    if (!field.rangeFilter) continue;
    const { from, to } = field.rangeFilter;
    filters[from] = Type.Optional(Type.String({ format: 'date-time', description: 'at or after this instant' }));
    filters[to] = Type.Optional(Type.String({ format: 'date-time', description: 'strictly before this instant' }));
  }
  return Type.Object({
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
    sort: Type.Optional(
      Type.Unsafe<string>({ type: 'string', enum: sortable, description: 'a list column; ties are broken by id' }),
    ),
    order: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] })),
    q: Type.Optional(Type.String({ maxLength: 100, description: 'case-insensitive text search' })),
    ...filters,
  });
}
