import { scopeOf, type Actor, type Resource } from '../../domain';
import { companies } from '../../domain/declarations';
import { schemaResource } from '../schema';
import {
  CompanyAgents,
  CompanyBots,
  CompanyGroups,
  CompanyLicence,
  CompanyStudioSubscription,
  CompanyTokens,
  CompanyUsers,
} from './CompanyTabs';

/** A tab shows when the actor's role may list its resource at all. */
const may = (resource: Resource) => (actor: Actor) => scopeOf(actor.role, 'list', resource) !== 'none';

/**
 * Companies (Super and Sub Admin): the schema's list, register form and update; the details
 * page adds the company's users, groups, agents, bots, registration tokens, licence and bot studio
 * subscription.
 */
export const companiesResource = schemaResource(companies, {
  tabs: [
    { label: 'resources.companies.tabs.users', content: CompanyUsers, visible: may('users') },
    { label: 'resources.companies.tabs.groups', content: CompanyGroups, visible: may('groups') },
    { label: 'resources.companies.tabs.agents', content: CompanyAgents, visible: may('agents') },
    { label: 'resources.companies.tabs.bots', content: CompanyBots, visible: may('bots') },
    { label: 'resources.companies.tabs.tokens', content: CompanyTokens, visible: may('registrationTokens') },
    { label: 'resources.companies.tabs.licence', content: CompanyLicence, visible: may('licences') },
    { label: 'resources.companies.tabs.studio', content: CompanyStudioSubscription, visible: may('licences') },
  ],
});
