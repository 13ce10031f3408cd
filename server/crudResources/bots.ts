import { sql } from 'drizzle-orm';
import { bots as botsDef, resourceMessages } from '../../src/domain/declarations';
import { bots, companyLicences } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { companyList, companyNameOf, userNameOf } from './shared';

export const botsSource: CrudSource = {
  table: bots,
  lookups: { companyName: companyNameOf(bots.companyId), userName: userNameOf(bots.userId) },
  computed: {
    // A bot runs while its company holds a licence that has not ended.
    expired: sql`(not exists (select 1 from ${companyLicences} where ${companyLicences.companyId} = ${bots.companyId} and ${companyLicences.endDate} >= current_date))`,
  },
};

/**
 * Bots: listed, read, updated and deleted by the schema-driven engine. Creating one takes its
 * workflow file, so POST /bot/create is bespoke (server/routes/bots.ts), as are the parameter
 * preview and the file download.
 */
export const botsCrud: CrudOptions = {
  def: botsDef,
  source: botsSource,
  skip: ['create'],
  companyList: companyList('bots'),
  messages: {
    created: resourceMessages.botCreated,
    updated: resourceMessages.botUpdated,
    deleted: resourceMessages.botDeleted,
  },
  conflicts: { bots_company_name_unique: resourceMessages.botNameTaken },
};
