import { automation } from './automation';
import { mail } from './mail';
import { people } from './people';
import { processes } from './processes';
import { schedules } from './schedules';

/**
 * Sidebar labels: the bespoke entries and groups of the domain's menu, and the declared entries
 * that name a key (`menu: { key }`); a declared entry without one reads `resources.<name>.name`.
 */
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
  auditLog: 'Audit Log',
  userProfile: 'User Profile',
  userDetails: 'User Details',
  emailConfigurations: 'Email Configurations',
};

export const resources = {
  ...people,
  ...automation,
  ...processes,
  ...schedules,
  ...mail,
};
