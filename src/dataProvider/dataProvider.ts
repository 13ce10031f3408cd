import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core';
import type { Envelope, ListPayload } from '../domain';
import { apiFetch } from './apiFetch';
import { endpointsFor, withId } from './endpoints';

type Row = RaRecord;
type Filter = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Paging, sort and filters as the list query of DESIGN §4 expects them. */
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

/** {count, rows} → {data, total}; tolerates a bare array for endpoints that answer one. */
function unwrapList(payload: ListPayload<Row> | Row[] | undefined): { data: Row[]; total: number } {
  if (Array.isArray(payload)) return { data: payload, total: payload.length };
  const rows = payload?.rows ?? [];
  return { data: rows, total: typeof payload?.count === 'number' ? payload.count : rows.length };
}

const hasId = (value: unknown): value is Row => typeof value === 'object' && value !== null && 'id' in value;

async function getOne(resource: string, id: Identifier, signal?: AbortSignal): Promise<Row> {
  const res = await apiFetch<Envelope<Row>>(withId(endpointsFor(resource).details, id), { signal });
  return res.payload;
}

async function update(resource: string, id: Identifier, data: Partial<Row>): Promise<Row> {
  const res = await apiFetch<Envelope<Row | undefined>>(withId(endpointsFor(resource).update, id), { method: 'PUT', body: data });
  return hasId(res.payload) ? res.payload : { ...data, id };
}

async function remove(resource: string, id: Identifier, previous?: Row): Promise<Row> {
  const res = await apiFetch<Envelope<Row | undefined> | undefined>(withId(endpointsFor(resource).delete, id), { method: 'DELETE' });
  return hasId(res?.payload) ? res.payload : (previous ?? { id });
}

/* The react-admin generics are satisfied by casting the rows we read: the API is the source of truth. */
export const dataProvider: DataProvider = {
  getList: async (resource, params) => {
    const res = await apiFetch<Envelope<ListPayload<Row> | Row[]>>(endpointsFor(resource).list, {
      query: listQuery(params),
      signal: params.signal,
    });
    return unwrapList(res.payload) as never;
  },
  getOne: async (resource, params) => ({ data: (await getOne(resource, params.id, params.signal)) as never }),
  getMany: async (resource, params) => ({
    data: (await Promise.all(params.ids.map((id) => getOne(resource, id, params.signal)))) as never,
  }),
  getManyReference: async (resource, params) => {
    const res = await apiFetch<Envelope<ListPayload<Row> | Row[]>>(endpointsFor(resource).list, {
      query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
      signal: params.signal,
    });
    return unwrapList(res.payload) as never;
  },
  create: async (resource, params) => {
    const res = await apiFetch<Envelope<Row | undefined>>(endpointsFor(resource).create, { method: 'POST', body: params.data });
    const data = hasId(res.payload) ? res.payload : { ...params.data, id: '' };
    return { data: data as never };
  },
  update: async (resource, params) => ({ data: (await update(resource, params.id, params.data)) as never }),
  updateMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => update(resource, id, params.data)));
    return { data: params.ids };
  },
  delete: async (resource, params) => ({ data: (await remove(resource, params.id, params.previousData)) as never }),
  deleteMany: async (resource, params) => {
    await Promise.all(params.ids.map((id) => remove(resource, id)));
    return { data: params.ids };
  },
};
