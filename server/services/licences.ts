import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import type { Database } from '../db/client';
import { agents, bots, companies, companyLicences } from '../db/schema';
import { HttpError, notFound } from '../http/errors';

export interface LicenceTerms {
  id: string;
  companyId: string;
  maxBots: number;
  maxAgents: number;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  /** The end date has passed (by the database's current date): the company's bots are expired. */
  expired: boolean;
}

/** The licence of a company, or null when it has none. */
export async function licenceOf(
  app: FastifyInstance,
  companyId: string,
  db: Database = app.database.db,
): Promise<LicenceTerms | null> {
  const l = companyLicences;
  const [row] = await db
    .select({
      id: l.id,
      companyId: l.companyId,
      maxBots: l.maxBots,
      maxAgents: l.maxAgents,
      startDate: l.startDate,
      endDate: l.endDate,
      expired: sql<boolean>`${l.endDate} < current_date`,
    })
    .from(l)
    .where(eq(l.companyId, companyId))
    .limit(1);
  return row ?? null;
}

/**
 * Refuses one more bot or agent for a company whose licence is missing, expired or full:
 * 403 with 'Your bot is expired, contact admin!' for bots of an expired licence.
 * `currentCount` is how many the company has now; the later issues call this before a create.
 */
export async function assertWithinLicence(
  app: FastifyInstance,
  companyId: string,
  kind: 'bots' | 'agents',
  currentCount: number,
  db: Database = app.database.db,
): Promise<LicenceTerms> {
  const licence = await licenceOf(app, companyId, db);
  if (!licence) throw new HttpError(403, 'NO_LICENCE', resourceMessages.noLicence);
  if (licence.expired)
    throw new HttpError(
      403,
      'LICENCE_EXPIRED',
      kind === 'bots' ? messages.botExpired : resourceMessages.licenceExpired,
    );
  const max = kind === 'bots' ? licence.maxBots : licence.maxAgents;
  if (currentCount >= max) {
    throw new HttpError(
      409,
      'LICENCE_LIMIT',
      kind === 'bots' ? resourceMessages.licenceLimitBots : resourceMessages.licenceLimitAgents,
    );
  }
  return licence;
}

/**
 * Inside a write's transaction: locks the company's row, so that two creates at once cannot
 * both take the licence's last slot, then counts what it has and applies assertWithinLicence.
 */
export async function reserveLicenceSlot(
  app: FastifyInstance,
  db: Database,
  companyId: string,
  kind: 'bots' | 'agents',
): Promise<LicenceTerms> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!company) throw notFound();
  const table = kind === 'bots' ? bots : agents;
  const [{ n }] = await db.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
  return assertWithinLicence(app, companyId, kind, n, db);
}
