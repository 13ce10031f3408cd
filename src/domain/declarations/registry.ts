import { agents } from './agents';
import { audit } from './audit';
import { bots } from './bots';
import { companies } from './companies';
import { emailConfigurations } from './emailConfigurations';
import { groups } from './groups';
import { licences } from './licences';
import { nonWorkingDays } from './nonWorkingDays';
import { processes } from './processes';
import { registrationTokens } from './registrationTokens';
import { scheduleHistory } from './scheduleHistory';
import { schedules } from './schedules';
import { studioSubscriptions } from './studioSubscriptions';
import { users } from './users';

/**
 * Every resource the product declares, in one explicit list: the permission table takes their
 * rows from here, and the server and the web app serve exactly these (a new resource is one
 * line here, next to its declaration file).
 */
export const DECLARATIONS = [
  companies,
  users,
  groups,
  registrationTokens,
  licences,
  studioSubscriptions,
  bots,
  agents,
  processes,
  schedules,
  scheduleHistory,
  nonWorkingDays,
  emailConfigurations,
  audit,
] as const;

export type DeclaredName = (typeof DECLARATIONS)[number]['name'];
