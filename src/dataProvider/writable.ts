import { writableFields, type ResourceDef } from '../domain/resource';

type Values = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A create body: the fields the API accepts on create, nothing else. A form's values also hold
 * what it was opened with (a record's read-only fields, lookups such as companyName), and the
 * API refuses a body naming a field it may not write.
 */
export function writableCreate(def: ResourceDef, data: Values): Values {
  const writable = new Set(writableFields(def, 'create'));
  return Object.fromEntries(Object.entries(data).filter(([name]) => writable.has(name)));
}

/**
 * An update body: what changed among the fields the API accepts on update (react-admin's
 * `data` is the whole record). Unchanged fields could trip rules meant for changes (a role
 * given again); read-only, create-only and unknown ones are refused by the API. When nothing
 * changed, the writable fields given are sent as they are, so that the save still confirms.
 */
export function changedWritable(def: ResourceDef, data: Values, previous: Values = {}): Values {
  const writable = writableFields(def, 'update').filter((name) => name in data);
  const changed = writable.filter((name) => !same(data[name], previous[name]));
  return Object.fromEntries((changed.length > 0 ? changed : writable).map((name) => [name, data[name]]));
}
