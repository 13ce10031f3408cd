import { Type, type TSchema } from 'typebox';
import { isSortable, filterFields, writableFields, type FieldDef, type ResourceDef } from '../../src/domain/resource';

/** Upper bound of a page (DESIGN §4). */
export const MAX_LIMIT = 100;

function valueSchema(field: FieldDef): TSchema {
  const maxLength = field.maxLength ? { maxLength: field.maxLength } : {};
  switch (field.type) {
    case 'boolean':
      return Type.Boolean();
    case 'integer':
      return Type.Integer();
    case 'number':
      return Type.Number();
    case 'date':
      return Type.String({ format: 'date' });
    case 'datetime':
      return Type.String({ format: 'date-time' });
    case 'enum':
      return Type.Union((field.choices ?? []).map((c) => Type.Literal(c)));
    case 'reference':
      return Type.String({ format: 'uuid' });
    case 'references':
      return Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 });
    default:
      return Type.String(maxLength);
  }
}

const nullable = (schema: TSchema): TSchema => Type.Union([schema, Type.Null()]);

/** A record as the API answers it: every non-secret field; absent or null when unknown. */
export function recordSchema(def: ResourceDef, extra: Record<string, TSchema> = {}): TSchema {
  const props: Record<string, TSchema> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.secret) continue;
    props[name] = Type.Optional(nullable(valueSchema(field)));
  }
  return Type.Object({ ...props, ...extra });
}

/** Create: the writable fields, the required ones required; nothing else accepted. */
export function createBodySchema(def: ResourceDef): TSchema {
  const props: Record<string, TSchema> = {};
  for (const name of writableFields(def, 'create')) {
    const field = def.fields[name];
    props[name] = field.required ? valueSchema(field) : Type.Optional(nullable(valueSchema(field)));
  }
  return Type.Object(props, { additionalProperties: false });
}

/** Update: any subset of the fields that may change after creation. */
export function updateBodySchema(def: ResourceDef): TSchema {
  const props: Record<string, TSchema> = {};
  for (const name of writableFields(def, 'update')) {
    const field = def.fields[name];
    props[name] = Type.Optional(field.required ? valueSchema(field) : nullable(valueSchema(field)));
  }
  return Type.Object(props, { additionalProperties: false, minProperties: 1 });
}

export const filterParamOf = (def: ResourceDef, name: string): string => def.fields[name].filterParam ?? name;

/** List query of DESIGN §4: page, limit, sort, order, q and the resource's filters. */
export function listQuerySchema(def: ResourceDef): TSchema {
  const sortable = Object.keys(def.fields).filter((name) => isSortable(def, name));
  const filters: Record<string, TSchema> = {};
  for (const name of filterFields(def)) {
    const field = def.fields[name];
    const single = field.type === 'references' ? Type.String({ format: 'uuid' }) : valueSchema(field);
    filters[filterParamOf(def, name)] = Type.Optional(single);
  }
  return Type.Object({
    page: Type.Integer({ minimum: 1, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 10 }),
    sort: Type.Optional(Type.Union(sortable.map((s) => Type.Literal(s)))),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC'), Type.Literal('asc'), Type.Literal('desc')])),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    ...filters,
  });
}
