import { DECLARATIONS, type DeclaredName } from '../domain/declarations/registry';
import type { LazySchemaResource, ShellResource } from './schema/types';
import { webResourcesOf } from './webResources';

type Bespoke = Omit<LazySchemaResource, 'def'>;

/**
 * The resources with screens of their own (their folder here), each downloaded with its route.
 * `createPage` and `routes` repeat the folder's own flags (a test holds them equal): the shell
 * routes and the sidebar links pages before any screen is downloaded.
 */
const BESPOKE: Partial<Record<DeclaredName, Bespoke>> = {
  companies: { load: () => import('./companies').then((m) => m.companiesResource) },
  users: { load: () => import('./users').then((m) => m.usersResource) },
  groups: { load: () => import('./groups').then((m) => m.groupsResource) },
  registrationTokens: {
    createPage: false,
    load: () => import('./registrationTokens').then((m) => m.registrationTokensResource),
  },
  licences: { routes: false, load: () => import('./licences').then((m) => m.licencesResource) },
  studioSubscriptions: {
    routes: false,
    load: () => import('./studioSubscriptions').then((m) => m.studioSubscriptionsResource),
  },
  audit: { load: () => import('./audit').then((m) => m.auditResource) },
  bots: { load: () => import('./bots').then((m) => m.botsResource) },
  agents: { createPage: false, load: () => import('./agents').then((m) => m.agentsResource) },
  processes: { createPage: false, load: () => import('./processes').then((m) => m.processesResource) },
  schedules: { load: () => import('./schedules').then((m) => m.schedulesResource) },
  scheduleHistory: {
    createPage: false,
    load: () => import('./scheduleHistory').then((m) => m.scheduleHistoryResource),
  },
  emailConfigurations: {
    load: () => import('./emailConfigurations').then((m) => m.emailConfigurationsResource),
  },
};

const lazyBespoke: LazySchemaResource[] = DECLARATIONS.flatMap((def) => {
  const bespoke = BESPOKE[def.name];
  return bespoke ? [{ def, ...bespoke }] : [];
});

/** The shell's resources: what routes and links need now, the screens later (see BESPOKE). */
export const shellResources: readonly ShellResource[] = webResourcesOf(DECLARATIONS, lazyBespoke);
