import { MAIL_HOST_IDS } from '../mailHosts';
import { defineResource } from '../resource';
import type { MenuUser } from '../menuEntry';
import { ROLE } from '../roles';
import { isBlank, required, type Rule } from '../rules';
import { emailRules, isEmail, recipientsRule } from '../validation';

export const EMAIL_OPERATIONS = ['contains', 'equals', 'startsWith', 'endsWith'] as const;
export type EmailOperation = (typeof EMAIL_OPERATIONS)[number];
export const EMAIL_CRITERIA = ['from', 'subject', 'body'] as const;
export type EmailCriteria = (typeof EMAIL_CRITERIA)[number];
export const EMAIL_CONFIGURATION_STATUSES = ['active', 'inactive'] as const;
/** The watcher's view of a mailbox, shown as the list's health column. */
export const WATCH_STATES = ['stopped', 'connecting', 'watching', 'retrying', 'failing'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

/** Longest accepted app password: providers give 16 characters, custom servers more. */
export const MAIL_SECRET_MAX = 512;

/**
 * Who may open E-mail Configurations at all: Super and Sub Admin, and the people of a company
 * whose account has e-mail scheduling enabled (the others get no sidebar entry and a 403).
 */
export const canConfigureEmail = (user: MenuUser): boolean =>
  user.role === ROLE.superAdmin || user.role === ROLE.subAdmin || user.enabledEmailSchedule;

/**
 * The secret is required when a configuration is made; on an edit the form leaves it empty to
 * keep the stored one (the record the form edits has an id).
 */
const secretRule: Rule = (value, all) => (isBlank(value) && !all?.id ? 'inputSecret' : undefined);

/** Up to 10 addresses, each a valid one. */
const recipientsRules: readonly Rule[] = [
  recipientsRule,
  (value) =>
    Array.isArray(value) && !value.every((r) => typeof r === 'string' && isEmail(r)) ? 'emailInvalid' : undefined,
];

/**
 * E-mail configurations: a mailbox watched for mails that match a criterion, each match running
 * a bot on an agent and answered, when the run ends, by a reply to its sender and the
 * recipients. The app password is write-only: stored encrypted (`secretEncrypted`), never
 * answered nor audited. The watcher writes `watchState`, `watchError` and `lastCheckedAt`.
 */
export const emailConfigurations = defineResource({
  name: 'emailConfigurations',
  apiPrefix: 'emailSchedule',
  // A Sub Admin deletes none (and updates none a Super Admin made: a server rule). Company
  // people work on their company's configurations, when their account allows e-mail scheduling.
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
  },
  tenancy: 'company',
  recordRepresentation: 'email',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  routes: {
    list: '/controlroom/profile/emailconfigurations',
    create: '/controlroom/profile/emailconfigurations/create',
    edit: '/controlroom/profile/emailconfigurations/edit/:id',
    show: '/controlroom/profile/emailconfigurations/details/:id',
  },
  fields: {
    id: { type: 'string', readOnly: true },
    companyId: {
      type: 'reference',
      reference: 'companies',
      list: true,
      filter: true,
      createOnly: true,
      onDelete: 'cascade',
    },
    companyName: { type: 'string', readOnly: true },
    /** Who made it: a Sub Admin may not change one a Super Admin made. */
    createdBy: { type: 'reference', reference: 'users', readOnly: true, hidden: true, onDelete: 'set null' },
    host: { type: 'enum', choices: MAIL_HOST_IDS, required: true, rules: [required('selectHost')], list: true },
    // Copied from the host's preset, typed by the user for a custom host.
    imapHost: { type: 'string', maxLength: 253, trim: true },
    imapPort: { type: 'integer', min: 1, max: 65535 },
    imapSecure: { type: 'boolean' },
    smtpHost: { type: 'string', maxLength: 253, trim: true },
    smtpPort: { type: 'integer', min: 1, max: 65535 },
    smtpSecure: { type: 'boolean' },
    /** The mailbox address, also the login user. */
    email: {
      type: 'email',
      required: true,
      rules: emailRules,
      trim: true,
      maxLength: 254,
      list: true,
      searchable: true,
    },
    /** The app password: accepted on create and update, never answered. */
    secret: { type: 'string', secret: true, virtual: true, rules: [secretRule], maxLength: MAIL_SECRET_MAX },
    secretEncrypted: { type: 'text', readOnly: true, secret: true, hidden: true, required: true },
    // The "configuration": the bot to run and the agent to run it on.
    botId: {
      type: 'reference',
      reference: 'bots',
      required: true,
      rules: [required('selectConfiguration')],
      filter: true,
      onDelete: 'cascade',
    },
    botName: { type: 'string', readOnly: true, list: true },
    agentId: {
      type: 'reference',
      reference: 'agents',
      required: true,
      rules: [required('selectConfiguration')],
      filter: true,
      onDelete: 'cascade',
    },
    agentName: { type: 'string', readOnly: true },
    operation: { type: 'enum', choices: EMAIL_OPERATIONS, required: true, rules: [required('selectOperation')] },
    criteria: {
      type: 'enum',
      choices: EMAIL_CRITERIA,
      required: true,
      rules: [required('selectCriteria')],
      list: true,
    },
    criteriaValue: {
      type: 'string',
      required: true,
      rules: [required('inputCriteriaValue')],
      maxLength: 500,
      trim: true,
      list: true,
    },
    /** The reply's subject line and text. */
    subjectLine: { type: 'string', required: true, rules: [required('inputSubjectLine')], maxLength: 255, trim: true },
    text: { type: 'text', required: true, rules: [required('inputSubjectText')], maxLength: 10000 },
    /** Who gets the reply besides the sender (at most 10 addresses). */
    recipients: { type: 'json', rules: recipientsRules },
    status: {
      type: 'enum',
      choices: EMAIL_CONFIGURATION_STATUSES,
      defaultValue: 'active',
      list: true,
      filter: true,
    },
    watchState: { type: 'enum', choices: WATCH_STATES, readOnly: true, defaultValue: 'stopped', list: true },
    watchError: { type: 'text', readOnly: true },
    lastCheckedAt: { type: 'datetime', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});
