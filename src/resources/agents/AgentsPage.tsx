import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { canUserAccess } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { registrationTokensResource } from '../registrationTokens';
import { TokenList } from '../registrationTokens/TokenList';
import { PageHeading, SchemaList, useResourceText, type SchemaResource } from '../schema';
import { AgentDownloads } from './AgentDownloads';

type AgentsTab = 'agents' | 'tokens';

/**
 * /controlroom/agents: the installers' downloads, the agents list and, for who may list them,
 * the registration tokens an agent registers itself with (nobody creates an agent here). The
 * agents list keeps its page and filters in the URL; the tokens list, a tab of this page, keeps
 * none.
 */
export const AgentsPage = ({ resource }: { resource: SchemaResource }) => {
  const translate = useTranslate();
  const text = useResourceText(resource.def);
  const user = useSessionUser();
  const [tab, setTab] = useState<AgentsTab>('agents');
  if (!user) return null;
  const withTokens = canUserAccess(user, { action: 'list', resource: registrationTokensResource.def.name });
  const shown: AgentsTab = withTokens ? tab : 'agents';
  const id = (name: AgentsTab) => `agents-page-${name}`;
  return (
    <>
      <PageHeading title={text('page.list')} />
      <AgentDownloads />
      <Tabs
        value={shown}
        onChange={(_event, value: AgentsTab) => setTab(value)}
        aria-label={text('page.list')}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 1 }}
      >
        <Tab
          value="agents"
          label={translate('resources.agents.tabs.agents')}
          id={`${id('agents')}-tab`}
          aria-controls={id('agents')}
        />
        {withTokens && (
          <Tab
            value="tokens"
            label={translate('resources.agents.tabs.tokens')}
            id={`${id('tokens')}-tab`}
            aria-controls={id('tokens')}
          />
        )}
      </Tabs>
      <Box role="tabpanel" id={id(shown)} aria-labelledby={`${id(shown)}-tab`}>
        {shown === 'agents' ? (
          <SchemaList resource={resource} heading={false} />
        ) : (
          <TokenList resource={registrationTokensResource} embedded defaultType="agent" />
        )}
      </Box>
    </>
  );
};
