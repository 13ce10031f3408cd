import type { DescribedArgument } from '../emptyArgument';
import { defineResource } from '../resource';
import { BOT_TYPE } from '../status';
import { codePointCap } from '../text';
import { botNameRules, descriptionRules, required } from '../validation';

export const BOT_STATUSES = ['active', 'inactive'] as const;
export const BOT_TYPES = [BOT_TYPE.manual, BOT_TYPE.automated] as const;
export { BOT_FILE_EXTENSIONS, BOT_FILE_MAX_BYTES, isBotFileName } from '../botFiles';

/**
 * Bots: a workflow file plus its name, description and type, owned by a company and by the
 * user who created it, shared with groups of its company. Create and update are the engine's,
 * the file being a multipart part (`file`); the parameter preview and the downloads are bespoke
 * routes. Creating one more bot than the company's licence allows is refused
 * (server/services/licences.ts).
 */
export const bots = defineResource({
  name: 'bots',
  apiPrefix: 'bot',
  apiPaths: { names: 'all/names' },
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    // A plain User sees and runs their own bots and those shared with one of their groups.
    user: { list: 'member', show: 'member', create: 'company', update: 'own', delete: 'own' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  // Only admins and its creator update or delete a bot (a plain User's `own` scope).
  ownerField: 'userId',
  // Who may see a bot with the `member` scope: its creator and the members of its groups.
  membership: 'viewerIds',
  routes: {
    list: '/controlroom/bots/view',
    create: '/controlroom/bots/create',
    show: '/controlroom/bots/details/:id',
  },
  menu: [
    { section: 'bots', order: 10, icon: 'addCircle', key: 'createBots', path: 'create' },
    { section: 'bots', order: 20, icon: 'viewList', key: 'viewBots' },
  ],
  fields: {
    id: { type: 'string', readOnly: true },
    name: {
      type: 'string',
      required: true,
      rules: botNameRules,
      list: true,
      searchable: true,
      maxLength: codePointCap(32),
      trim: true,
    },
    description: {
      type: 'text',
      rules: [required('fieldRequired'), ...descriptionRules],
      required: true,
      maxLength: 500,
      trim: true,
    },
    type: { type: 'enum', choices: BOT_TYPES, required: true, list: true, defaultValue: BOT_TYPE.manual },
    status: { type: 'enum', choices: BOT_STATUSES, list: true, filter: true, defaultValue: 'active' },
    /** Optional for company users (their own company); required of Super and Sub Admins. */
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    companyName: { type: 'string', readOnly: true, list: true },
    /** The creator (spec's "User" filter of the bot list). */
    userId: { type: 'reference', reference: 'users', filter: true, readOnly: true, required: true },
    userName: { type: 'string', readOnly: true, list: true },
    /** The groups the bot is shared with: their members see it and may run it. */
    groupIds: { type: 'references', reference: 'groups', filter: true, filterParam: 'groupId' },
    /** Its creator and the members of its groups (computed): who sees it with the `member` scope. */
    viewerIds: { type: 'references', reference: 'users', readOnly: true, hidden: true },
    /**
     * The workflow file, as a multipart file part: required on create; on update it replaces the
     * workflow (its parameters are read again) and the file it replaces becomes the previous version.
     */
    file: { type: 'json', virtual: true, secret: true, hidden: true },
    fileName: { type: 'string', readOnly: true, required: true, list: true },
    fileSize: { type: 'integer', readOnly: true, required: true },
    /** The file a new one replaced (downloadable), and when that happened. */
    previousFileName: { type: 'string', readOnly: true },
    fileReplacedAt: { type: 'datetime', readOnly: true },
    /** The workflow's arguments, read from the file; the Run dialog's parameter editor fills in their values. */
    parameters: { type: 'json', readOnly: true, hidden: true },
    /** A run taking longer is killed by its agent and ends failed (seconds; 60 minutes unless set). */
    timeoutSeconds: { type: 'integer', min: 1, max: 86_400, defaultValue: 3600 },
    /** A workflow's runs log each activity's start and end as Trace lines (scripts are not concerned). */
    traceActivities: { type: 'boolean', defaultValue: false },
    /** The company's licence has ended (by the database's date): the bot may not run. */
    expired: { type: 'boolean', readOnly: true, list: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});

export const PARAMETER_DIRECTIONS = ['In', 'Out', 'InOut'] as const;
/** One argument of a bot's workflow, as read from its XAML (`x:Members/x:Property`). */
export interface BotParameter {
  name: string;
  direction: (typeof PARAMETER_DIRECTIONS)[number];
  /** The argument's value type without namespace, e.g. String, Int32, DataTable. */
  type: string;
  /**
   * Its value must start with 1 ('Value must start with 1!'): the workflow says so with the word
   * `startsWith1` in the argument's annotation (XAML) or as an option of its `@rpa-param` line.
   */
  startsWith1?: boolean;
  /**
   * The workflow's default, as written on its root element (`this:Main.in_Name="x"`): a literal,
   * or a VB expression kept with its brackets (`[Now.ToString("yyyy")]`). Any argument may be left
   * empty in a run: this default applies, else its type's (src/domain/emptyArgument.ts).
   */
  default?: string;
}

/**
 * An argument as the API answers it (the bot's details and list, the parameter preview of a
 * file): the stored declaration, whether a run may leave it empty (`optional`) and what it then
 * becomes (`whenEmpty`), computed by describeArgument (src/domain/emptyArgument.ts), which the
 * web's parameter editor reads too.
 */
export type BotArgument = DescribedArgument<BotParameter>;
