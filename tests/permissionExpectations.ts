import type { Action, RoleKey } from '../src/domain';

/**
 * What the product lets each role do, written by hand from the product's rules and never read
 * from the declarations: the permission table the server enforces is checked against it
 * (tests/unit/domain/permissionExpectations.test.ts, and some cells over HTTP in
 * tests/api/permissions.test.ts), so a row that lets a plain User create fails there.
 * - allowed: every record of every company;
 * - company: the records of the actor's own company (another company's answer 404);
 * - own: the actor's own records (their account, what they created);
 * - member: the records the actor is a member of (groups, bots shared with their groups);
 * - refused: the role may not do it at all (403).
 * Super Admin is unrestricted: every action the product has. An action it does not have
 * (editing a token, writing the audit log or a dashboard report) is refused to every role.
 * "Today's value" marks a cell the product's rules do not decide: it keeps what the table said
 * when this file was written, and changing it is a product decision, not a refactoring.
 */
export type Expected = 'allowed' | 'company' | 'own' | 'member' | 'refused';
export type ExpectedRow = Readonly<Record<RoleKey, Readonly<Record<Action, Expected>>>>;

/** A new resource adds its row here, after this line, as docs/adding-a-resource.md shows. */
export const EXPECTED: Readonly<Record<string, ExpectedRow>> = {
  // Companies are managed by Super and Sub Admin only (nothing in the rules bars a Sub Admin from
  // deleting one). A Customer Admin and a User have no company screen; their reading of their own
  // company's record is today's value.
  companies: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    customerAdmin: { list: 'refused', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'refused', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // A Sub Admin deletes no user. A Customer Admin sees and registers the users of their company
  // (so "only a Super or Sub Admin, or the user themselves, acts on a user's record" is read as
  // the plain User's rule). A User manages no users and acts only on their own account (their
  // profile); nobody deletes themselves.
  users: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'own', show: 'own', create: 'refused', update: 'own', delete: 'refused' },
  },
  // A Sub Admin deletes no group. Every role has the groups screens, but only admins register,
  // change or delete groups. That a User sees only the groups they belong to is today's value.
  groups: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // Tokens are copied, downloaded and deleted, never edited. Who may make them: today's value
  // (admins, a Customer Admin for their company; a User none).
  registrationTokens: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'refused', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'refused', delete: 'allowed' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'refused', delete: 'company' },
    user: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // Licences and studio subscriptions: the rules say only that they are created. Today's value:
  // the platform sells them (a Sub Admin deletes none), a Customer Admin reads their company's,
  // a User none. Studio subscriptions follow licences cell for cell.
  licences: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
  },
  studioSubscriptions: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // Every role creates and views bots; only an admin and the bot's creator update or delete one,
  // and a Sub Admin deletes none. That a User sees their own bots and those shared with their
  // groups (member) is today's value.
  bots: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  // Every role has the agents screen; a Sub Admin deletes no agent. Agents join with a
  // registration token (there is no create screen): who else may create one, that a User flags
  // their company's agents busy or in error (update) and that a User deletes none are today's
  // value.
  agents: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'refused', update: 'company', delete: 'refused' },
  },
  // Every role runs bots and sees the processes screens. A run's logs are its bot's output: a
  // User sees the runs of the bots they see (member: their own bots and those shared with one of
  // their groups; a run whose bot was deleted, only if they asked for it), and admins see their
  // scope. That a User cancels and stops only their own runs (update, delete) is today's value.
  processes: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  // The audit log is read-only and the Super Admin's alone (today's value: the rules do not
  // mention it).
  audit: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    subAdmin: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
    customerAdmin: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // Every role has the schedules screens and schedules the bots it may run. Admins and a plan's
  // creator reschedule or delete it, and a Sub Admin deletes none (as for bots). A User sees the
  // plans of the bots they see (their own and those shared with one of their groups; a plan
  // whose bot was deleted, only if they made it), as they see runs.
  schedules: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  // A plan's history is written by the scheduler only: nobody creates or edits a row. It is seen
  // as its plan is, and deleted as its plan is (a Sub Admin none, a User only their plans').
  scheduleHistory: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'company' },
    user: { list: 'member', show: 'member', create: 'refused', update: 'refused', delete: 'own' },
  },
  // Admins keep their company's non-working days; a User reads them (their plans skip them).
  // That a Sub Admin deletes none, like every other record, is today's value.
  nonWorkingDays: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // A Sub Admin deletes no e-mail configuration (nor updates one a Super Admin made: a rule of
  // the server beyond the table). Company people keep their company's configurations, and only
  // when their account has e-mail scheduling enabled (without it every route answers 403).
  emailConfigurations: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'allowed' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'allowed', update: 'allowed', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
  },
  // Every role reads the dashboard, filtered by company; reports are only read.
  dashboard: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    customerAdmin: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'company', show: 'company', create: 'refused', update: 'refused', delete: 'refused' },
  },
  // Demo requests come from the public home page's form, without signing in. Who reads them is
  // today's value: the platform (Super and Sub Admin); nobody changes them.
  demoRequests: {
    superAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    subAdmin: { list: 'allowed', show: 'allowed', create: 'refused', update: 'refused', delete: 'refused' },
    customerAdmin: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
    user: { list: 'refused', show: 'refused', create: 'refused', update: 'refused', delete: 'refused' },
  },
};
