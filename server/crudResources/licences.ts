import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { displayAmount, scopeOf, type Actor, type Currency } from '../../src/domain';
import {
  licences as licencesDef,
  resourceMessages,
  studioSubscriptions as subscriptionsDef,
} from '../../src/domain/declarations';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { companyLicences, studioSubscriptions } from '../db/schema';
import type { CrudOptions, Values } from '../crud/options';
import { recordSchema } from '../crud/schemas';
import type { CrudRecord, CrudSource } from '../crud/source';
import { createStore } from '../crud/store';
import { HttpError, type FieldIssue } from '../http/errors';
import { companyNameOf, periodStatus } from './shared';

const licenceSource: CrudSource = {
  table: companyLicences,
  lookups: { companyName: companyNameOf(companyLicences.companyId) },
  computed: { status: periodStatus(companyLicences.startDate, companyLicences.endDate) },
  present: (record) => {
    record.displayAmount = displayAmount(Number(record.amount), record.currency as Currency);
    return record;
  },
  presented: ['displayAmount'],
};
const subscriptionSource: CrudSource = {
  table: studioSubscriptions,
  lookups: { companyName: companyNameOf(studioSubscriptions.companyId) },
  computed: { status: periodStatus(studioSubscriptions.startDate, studioSubscriptions.endDate) },
};

const endBeforeStart = () => {
  const issue: FieldIssue = { field: 'endDate', message: resourceMessages.endBeforeStart };
  return new HttpError(400, 'VALIDATION_FAILED', issue.message, [issue]);
};

/** Dates are YYYY-MM-DD strings: their text order is their time order. */
function checkPeriod(values: Values, existing?: CrudRecord): void {
  const start = String(values.startDate ?? existing?.startDate ?? '');
  const end = String(values.endDate ?? existing?.endDate ?? '');
  if (start !== '' && end !== '' && end < start) throw endBeforeStart();
}

/** One per company: a second create is refused with a message that says what to do instead. */
function onePerCompany(
  table: typeof companyLicences | typeof studioSubscriptions,
  message: string,
): CrudOptions['hooks'] {
  return {
    async beforeCreate({ db }, values) {
      checkPeriod(values);
      const [existing] = await db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.companyId, String(values.companyId)))
        .limit(1);
      if (existing) throw new HttpError(409, 'ALREADY_EXISTS', message);
      return values;
    },
    async beforeUpdate(_ctx, values, existing) {
      checkPeriod(values, existing);
      return values;
    },
  };
}

export const licencesCrud: CrudOptions = {
  def: licencesDef,
  source: licenceSource,
  skip: ['names'],
  hooks: onePerCompany(companyLicences, resourceMessages.licenceExists),
  conflicts: { company_licences_company_id_unique: resourceMessages.licenceExists },
  messages: {
    created: resourceMessages.licenceCreated,
    updated: resourceMessages.licenceUpdated,
    deleted: resourceMessages.licenceDeleted,
  },
};

export const studioSubscriptionsCrud: CrudOptions = {
  def: subscriptionsDef,
  source: subscriptionSource,
  skip: ['names'],
  hooks: onePerCompany(studioSubscriptions, resourceMessages.subscriptionExists),
  conflicts: { studio_subscriptions_company_id_unique: resourceMessages.subscriptionExists },
  messages: {
    created: resourceMessages.subscriptionCreated,
    updated: resourceMessages.subscriptionUpdated,
    deleted: resourceMessages.subscriptionDeleted,
  },
};

export const LicenceSchema = recordSchema(licencesDef);
export const SubscriptionSchema = recordSchema(subscriptionsDef);

const licenceStore = createStore(licencesDef, licenceSource);
const subscriptionStore = createStore(subscriptionsDef, subscriptionSource);

type Store = ReturnType<typeof createStore>;

async function byCompany(
  store: Store,
  source: CrudSource,
  column: PgColumn,
  ctx: { app: FastifyInstance; actor: Actor; db: Database },
  companyId: string,
) {
  // Who may see a company but not its licence (a plain User) gets null rather than the terms.
  if (scopeOf(ctx.actor.role, 'show', 'licences') === 'none') return null;
  const { rows } = await store.list(ctx.db, {
    where: eq(column, companyId),
    sort: 'createdAt',
    order: 'DESC',
    page: 1,
    limit: 1,
  });
  const row = rows[0];
  return row ? (source.present ? source.present(row, ctx) : row) : null;
}

/** The licence of a company as the API shows it (with displayAmount), or null. */
export const licenceRecordOf = (ctx: { app: FastifyInstance; actor: Actor; db: Database }, companyId: string) =>
  byCompany(licenceStore, licenceSource, companyLicences.companyId, ctx, companyId);
/** The bot studio subscription of a company, or null. */
export const subscriptionRecordOf = (ctx: { app: FastifyInstance; actor: Actor; db: Database }, companyId: string) =>
  byCompany(subscriptionStore, subscriptionSource, studioSubscriptions.companyId, ctx, companyId);
