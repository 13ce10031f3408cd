import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core';
import { MAX_PAGE_SIZE, type Envelope, type ListPayload } from '../domain';
import { apiFetch } from './apiFetch';
import { declarationOf, endpointsFor, withId } from './endpoints';
import { takeFirstPage } from './firstPage';
import { withFormErrors } from './httpError';
import { requestBody } from './multipart';
import { changedWritable, writableCreate } from './writable';

type Row = RaRecord;
type Filter = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Paging, sort and filters as the list query expects them. */
export function listQuery(params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>): Filter {
  const query: Filter = {};
  if (params.pagination) {
    query.page = params.pagination.page;
    query.limit = params.pagination.perPage;
  }
  if (params.sort?.field) {
    query.sort = params.sort.field;
    query.order = params.sort.order === 'DESC' ? 'DESC' : 'ASC';
  }
  for (const [key, value] of Object.entries((params.filter ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'number' ? v : String(v)));
    else if (typeof value === 'object') continue;
    else query[key] = typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
  }
  return query;
}

type ListAnswer = ListPayload<Row> & { countCapped?: boolean };

/** {count, countCapped, rows} → {data, total, meta}; tolerates a bare array for endpoints that answer one. */
function unwrapList(payload: ListAnswer | Row[] | undefined): {
  data: Row[];
  total: number;
  meta: { countCapped: boolean };
} {
  if (Array.isArray(payload)) return { data: payload, total: payload.length, meta: { countCapped: false } };
  const rows = payload?.rows ?? [];
  const total = typeof payload?.count === 'number' ? payload.count : rows.length;
  return { data: rows, total, meta: { countCapped: payload?.countCapped === true } };
}

/** The API pages at most this many rows. */
export const API_MAX_LIMIT = MAX_PAGE_SIZE;

/** `path`: a list other than the resource's own (e.g. one company's agents, /company/:id/agents). */
const fetchList = (resource: string, params: Partial<GetListParams>, path = endpointsFor(resource).list) =>
  apiFetch<Envelope<ListAnswer | Row[]>>(path, { query: listQuery(params), signal: params.signal }).then((res) =>
    unwrapList(res.payload),
  );

/**
 * A page larger than the API's limit (the export asks for thousands) is read as consecutive
 * API pages of a size that divides it, so its offset stays a whole number of API pages.
 */
async function getListPage(resource: string, params: GetListParams, path?: string) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  if (perPage <= API_MAX_LIMIT) return fetchList(resource, params, path);
  let chunk = API_MAX_LIMIT;
  while (perPage % chunk !== 0) chunk -= 1;
  const first = ((page - 1) * perPage) / chunk + 1;
  const out = await fetchList(resource, { ...params, pagination: { page: first, perPage: chunk } }, path);
  for (let i = 1; i < perPage / chunk && out.data.length === i * chunk; i += 1) {
    const next = await fetchList(resource, { ...params, pagination: { page: first + i, perPage: chunk } }, path);
    out.data.push(...next.data);
  }
  return out;
}

/** Resources the API only lists (no details route): one record is read from the list. */
const LIST_ONLY = new Set(['roles']);

const hasId = (value: unknown): value is Row => typeof value === 'object' && value !== null && 'id' in value;

async function getOne(resource: string, id: Identifier, signal?: AbortSignal): Promise<Row> {
  if (LIST_ONLY.has(resource)) {
    const { data } = await fetchList(resource, { signal });
    const found = data.find((row) => String(row.id) === String(id));
    if (!found) throw new Error('ra.notification.item_doesnt_exist');
    return found;
  }
  const res = await apiFetch<Envelope<Row>>(withId(endpointsFor(resource).details, id), { signal });
  return res.payload;
}

/**
 * A declared resource's update sends only what changed among its writable fields (the API
 * refuses read-only, create-only and unknown ones); `previous` is the record as it was read.
 */
async function update(resource: string, id: Identifier, data: Partial<Row>, previous?: Partial<Row>): Promise<Row> {
  const def = declarationOf(resource);
  const res = await apiFetch<Envelope<Row | undefined>>(withId(endpointsFor(resource).update, id), {
    method: 'PUT',
    body: def ? changedWritable(def, data, previous) : data,
  }).catch((e: unknown) => {
    throw withFormErrors(e);
  });
  return hasId(res.payload) ? res.payload : { ...data, id };
}

/** One call for all (PUT <updateMany> {ids, ...changes}) where the API has it, one per record otherwise. */
async function updateMany(resource: string, ids: Identifier[], data: Partial<Row>): Promise<void> {
  const bulk = endpointsFor(resource).updateMany;
  if (!bulk) {
    await Promise.all(ids.map((id) => update(resource, id, data)));
    return;
  }
  await apiFetch(bulk, { method: 'PUT', body: { ...data, ids } }).catch((e: unknown) => {
    throw withFormErrors(e);
  });
}

/** A declared resource's create sends only its writable create fields. */
async function create(resource: string, data: Record<string, unknown>): Promise<Row> {
  const def = declarationOf(resource);
  const res = await apiFetch<Envelope<Row | undefined>>(endpointsFor(resource).create, {
    method: 'POST',
    body: requestBody(def ? writableCreate(def, data) : data),
  }).catch((e: unknown) => {
    throw withFormErrors(e);
  });
  return hasId(res.payload) ? res.payload : { ...data, id: '' };
}

async function remove(resource: string, id: Identifier, previous?: Row): Promise<Row> {
  const res = await apiFetch<Envelope<Row | undefined> | undefined>(withId(endpointsFor(resource).delete, id), {
    method: 'DELETE',
  });
  return hasId(res?.payload) ? res.payload : (previous ?? { id });
}

/* The react-admin generics are satisfied by casting the rows we read: the API is the source of truth. */
export const dataProvider: DataProvider = {
  getList: async (resource, params) =>
    (await (takeFirstPage(resource, params) ?? getListPage(resource, params))) as never,
  getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),
  getMany: async (resource, params) => {
    if (LIST_ONLY.has(resource)) {
      const { data } = await fetchList(resource, { signal: params.signal });
      const wanted = new Set(params.ids.map(String));
      return { data: data.filter((row) => wanted.has(String(row.id))) as never };
    }
    return { data: (await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)))) as never };
  },
  getManyReference: async (resource, params) => {
    const path = endpointsFor(resource).byReference?.[params.target];
    // The API's own list under the other record (the record is in the path), or the list filtered by the target field.
    if (path) return (await getListPage(resource, params, withId(path, params.id))) as never;
    return (await getListPage(resource, {
      ...params,
      filter: { ...params.filter, [params.target]: params.id },
    })) as never;
  },
  create: async (resource, params) => ({
    data: (await create(resource, params.data as Record<string, unknown>)) as never,
  }),
  update: async (resource, params) => ({
    data: (await update(resource, params.id, params.data, params.previousData)) as never,
  }),
  updateMany: async (resource, params) => {
    await updateMany(resource, params.ids, params.data);
    return { data: params.ids };
  },
  delete: async (resource, params) => ({ data: (await remove(resource, params.id, params.previousData)) as never }),
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => remove(resource, id)));
    return { data: params.ids };
  },
};
