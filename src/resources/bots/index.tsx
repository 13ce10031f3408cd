import { bots } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { BotDetailsActions, BotRowActions } from './BotActions';
import { BotCreate } from './BotCreate';
import { BotCompanyInput, ExpiredValue, FileSizeValue } from './BotFields';
import { BotParametersTab } from './BotParameters';
import { BotRuns } from './BotRuns';
import { PreviousVersionValue } from './BotVersions';

const CreateBotPage = () => <BotCreate resource={botsResource} />;

/**
 * Bots: the schema's list at /controlroom/bots/view (filters Company for Super/Sub Admin, User,
 * Status; View, Update, Delete as the permission table allows, and Download XAML), a create page for the
 * workflow upload, details with the workflow's parameters, its runs, the file's download, the
 * previous version's download and Replace file.
 */
export const botsResource = schemaResource(bots, {
  create: CreateBotPage,
  filters: ['companyId', 'userId', 'status'],
  rowActions: BotRowActions,
  detailsActions: BotDetailsActions,
  inputs: { companyId: BotCompanyInput },
  // A new bot is active (the create route takes no status); its status changes on update.
  omitInputs: (mode) => (mode === 'create' ? ['status'] : []),
  display: { expired: ExpiredValue, fileSize: FileSizeValue, previousFileName: PreviousVersionValue },
  // A phone's card: two companies' bots may share a name, so the company is on it.
  card: { status: ['status'], lines: ['companyName', 'fileName', 'expired'] },
  tabs: [
    { label: 'resources.bots.tabs.parameters', content: BotParametersTab },
    // Every role that sees a bot may list processes (of its company, or its own runs).
    { label: 'resources.bots.tabs.runs', content: BotRuns },
  ],
});
