import { BOT_PACKAGE_LIST, BOT_SCRIPT_LIST, BOT_WORKFLOW_EXTENSION } from '../botFiles';

/**
 * Answers of the people-and-tenants resources that the spec's catalogue (../messages.ts) does
 * not word. The server sends them as the `message` of an answer; the web app shows that text
 * (or translates `rpa.resourceMessages.<key>` when it has a translation).
 */
export const resourceMessages = {
  // companies
  companyCreated: 'Company registered successfully!',
  companyUpdated: 'Company updated successfully!',
  companyDeleted: 'Company deleted successfully!',
  companyHasUsers: 'This company still has users. Delete them first.',
  companyNameTaken: 'A company with this name already exists!',
  // users
  userRegistered: 'User registered successfully! A welcome e-mail with a link to set the password has been sent.',
  emailTaken: 'This e-mail is already registered!',
  platformRoleNoCompany: 'Super Admin and Sub Admin do not belong to a company!',
  roleNotAllowed: 'You are not allowed to give this role!',
  roleClassChange: 'A company user can not become Super Admin or Sub Admin, nor the other way round!',
  onlyCustomerAdminRole: 'The only customer admin of a company must keep this role!',
  cannotDeleteSelf: 'You can not delete yourself!',
  ownProfileOnly: 'You can only change your own full name!',
  unknownRole: 'Please select user role!',
  groupsOfOtherCompany: "Groups can only be chosen from the user's company!",
  // groups
  groupCreated: 'Group created successfully!',
  groupUpdated: 'Group updated successfully!',
  groupDeleted: 'Group deleted successfully!',
  groupNameTaken: 'A group with this name already exists in this company!',
  usersNotFound: 'Some of the selected users do not exist!',
  usersAssociated: 'Users associated successfully!',
  // registration tokens
  tokenDeleted: 'Token deleted successfully!',
  expiryInPast: 'Expiry must be in the future!',
  expiryBoth: 'Give either expiresAt or expiresInDays, not both!',
  tokenUnreadable: 'This token can not be read any more (the encryption key changed); generate a new one.',
  // licences and bot studio subscriptions
  licenceCreated: 'Licence created successfully!',
  licenceUpdated: 'Licence updated successfully!',
  licenceDeleted: 'Licence deleted successfully!',
  licenceExists: 'This company already has a licence. Update it instead.',
  subscriptionCreated: 'Bot studio subscription created successfully!',
  subscriptionUpdated: 'Bot studio subscription updated successfully!',
  subscriptionDeleted: 'Bot studio subscription deleted successfully!',
  subscriptionExists: 'This company already has a bot studio subscription. Update it instead.',
  endBeforeStart: 'End date can not be before the start date!',
  noLicence: 'This company has no licence, contact admin!',
  licenceExpired: 'The licence of this company has expired, contact admin!',
  licenceLimitBots: 'The licence of this company allows no more bots, contact admin!',
  licenceLimitAgents: 'The licence of this company allows no more agents, contact admin!',
  companyHasBotsOrAgents: 'This company still has bots or agents. Delete them first.',
  companyInactive: 'Your company is inactive, contact admin!',
  // bots
  botCreated: 'Bot created successfully!',
  botUpdated: 'Bot updated successfully!',
  botDeleted: 'Bot deleted successfully!',
  botNameTaken: 'A bot with this name already exists in this company!',
  botFileRequired: 'Please upload the file of the bot: a XAML workflow, a project package or a script!',
  botFileInvalid: `The file must be a valid XAML workflow (${BOT_WORKFLOW_EXTENSION}), a project package (${BOT_PACKAGE_LIST}) or a script (${BOT_SCRIPT_LIST})!`,
  botPackageTooLarge: 'The package holds too many files or more than 50 MB once unpacked!',
  botPackageMainInvalid: 'The main workflow of the package is not a valid XAML workflow!',
  botFileTooLarge: 'The file of the bot can be at most 32 MB!',
  botNoPreviousVersion: 'This bot has no previous version!',
  companyRequired: 'Please select company!',
  // agents
  agentRegistered: 'Agent registered successfully!',
  agentUpdated: 'Agent updated successfully!',
  agentsUpdated: 'Agents updated successfully!',
  agentDeleted: 'Agent deleted successfully!',
  agentTokenInvalid: 'This registration token is invalid, used or expired!',
  agentTokenWrongType: 'This registration token is not for agents!',
  agentsNotFound: 'Some of the selected agents do not exist!',
  userOfOtherCompany: "The user must belong to the agent's company!",
  // e-mail configurations
  emailConfigurationCreated: 'Email configuration created successfully!',
  emailConfigurationUpdated: 'Email configuration updated successfully!',
  emailConfigurationDeleted: 'Email configuration deleted successfully!',
  mailHostRequired: 'Please input the IMAP and SMTP host names and ports of the custom host!',
  mailBotOfOtherCompany: "The bot must belong to the configuration's company!",
  mailAgentOfOtherCompany: "The agent must belong to the configuration's company!",
  mailConfigurationByPlatform: 'A Sub Admin can not update an email configuration created by a Super Admin!',
  mailSecretUnreadable: 'The stored password can not be read any more (the encryption key changed); type it again.',
  emailScheduleDisabled: 'E-mail scheduling is not enabled for your account, contact admin!',
  // schedules
  scheduleCreated: 'Schedule created successfully!',
  scheduleUpdated: 'Schedule updated successfully!',
  scheduleDeleted: 'Schedule deleted successfully!',
  scheduleHistoryDeleted: 'Schedule history deleted successfully!',
  scheduleSelectAgent: 'Please select agent!',
  scheduleBotNotAutomated: 'Only automated bots can be scheduled!',
  scheduleAgentOfOtherCompany: "The agent must belong to the bot's company!",
  // generic
  recordInUse: 'This record is still in use.',
} as const;

export type ResourceMessageKey = keyof typeof resourceMessages;
