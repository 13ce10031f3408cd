import { bots } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { BotDetailsActions, BotRowActions } from './BotActions';
import { BotCreate } from './BotCreate';
import { BotCompanyInput, ExpiredValue, FileSizeValue } from './BotFields';
import { BotParametersTab } from './BotParameters';

const CreateBotPage = () => <BotCreate resource={botsResource} />;

/**
 * Bots: the schema's list at /controlroom/bots/view (filters Company for Super/Sub Admin, User,
 * Status; View, Update, Delete as the permission table allows, and Download XAML), a create page for the
 * workflow upload, details with the workflow's parameters and the file's download.
 */
export const botsResource = schemaResource(bots, {
  create: CreateBotPage,
  filters: ['companyId', 'userId', 'status'],
  rowActions: BotRowActions,
  detailsActions: BotDetailsActions,
  inputs: { companyId: BotCompanyInput },
  // A new bot is active (the create route takes no status); its status changes on update.
  omitInputs: (mode) => (mode === 'create' ? ['status'] : []),
  display: { expired: ExpiredValue, fileSize: FileSizeValue },
  tabs: [{ label: 'resources.bots.tabs.parameters', content: BotParametersTab }],
});
