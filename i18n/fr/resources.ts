import type { menu as enMenu, resources as enResources } from '../en/resources';
import type { DeepStrings } from '../types';
import { automation } from './automation';
import { mail } from './mail';
import { people } from './people';
import { processes } from './processes';
import { schedules } from './schedules';

export const menu: DeepStrings<typeof enMenu> = {
  dashboard: 'Tableau de bord',
  agents: 'Agents',
  process: 'Processus',
  currentStatus: 'État actuel',
  historyLogs: 'Historique',
  scheduling: 'Planification',
  scheduledPlans: 'Plans programmés',
  scheduledHistory: 'Historique des plans',
  bots: 'Robots',
  createBots: 'Créer des robots',
  viewBots: 'Voir les robots',
  manageUsers: 'Gérer les utilisateurs',
  companies: 'Sociétés',
  users: 'Utilisateurs',
  groups: 'Groupes',
  auditLog: "Journal d'audit",
  userProfile: 'Profil utilisateur',
  userDetails: "Détails de l'utilisateur",
  emailConfigurations: 'Configurations e-mail',
};

export const resources: DeepStrings<typeof enResources> = {
  ...people,
  ...automation,
  ...processes,
  ...schedules,
  ...mail,
};
