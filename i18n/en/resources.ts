/** Sidebar entries (keys of the domain's MENU) and the react-admin resource names. */
export const menu = {
  dashboard: 'Dashboard',
  agents: 'Agents',
  process: 'Process',
  currentStatus: 'Current Status',
  historyLogs: 'History Logs',
  scheduling: 'Scheduling',
  scheduledPlans: 'Scheduled Plans',
  scheduledHistory: 'Scheduled History',
  bots: 'Bots',
  createBots: 'Create Bots',
  viewBots: 'View Bots',
  manageUsers: 'Manage Users',
  companies: 'Companies',
  users: 'Users',
  groups: 'Groups',
  userProfile: 'User Profile',
  userDetails: 'User Details',
  emailConfigurations: 'Email Configurations',
};

export const resources = {
  users: {
    name: 'User |||| Users',
    fields: { fullName: 'Full Name', email: 'Email', role: 'Role', companyName: 'Company', createdAt: 'Created at' },
  },
  companies: { name: 'Company |||| Companies', fields: { name: 'Name', address: 'Address' } },
  groups: { name: 'Group |||| Groups', fields: { name: 'Name', description: 'Description' } },
  bots: { name: 'Bot |||| Bots', fields: { name: 'Name', status: 'Status' } },
  agents: { name: 'Agent |||| Agents', fields: { deviceId: 'Device', status: 'Status' } },
  processes: { name: 'Process |||| Processes', fields: { status: 'Status', updatedAt: 'Updated at' } },
  processHistory: { name: 'History Log |||| History Logs', fields: { status: 'Status' } },
  schedules: { name: 'Scheduled Plan |||| Scheduled Plans', fields: { duration: 'Duration' } },
  scheduleHistory: { name: 'Scheduled History |||| Scheduled History', fields: { status: 'Status' } },
  registrationTokens: { name: 'Registration Token |||| Registration Tokens', fields: { token: 'Token', type: 'Type' } },
  emailConfigurations: { name: 'Email Configuration |||| Email Configurations', fields: { host: 'Host', email: 'E-mail' } },
};
