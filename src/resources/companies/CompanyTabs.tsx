import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import PersonAdd from '@mui/icons-material/PersonAdd';
import GroupAdd from '@mui/icons-material/GroupAdd';
import SmartToy from '@mui/icons-material/SmartToy';
import { ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { agentsResource } from '../agents';
import { botsResource } from '../bots';
import { CompanyTermsPanel } from '../licences/CompanyTermsPanel';
import { licencesResource } from '../licences';
import { groupsResource } from '../groups';
import { registrationTokensResource } from '../registrationTokens';
import { TokenList } from '../registrationTokens/TokenList';
import { studioSubscriptionsResource } from '../studioSubscriptions';
import { usersResource } from '../users';
import {
  LinkButton,
  SchemaDataTable,
  SchemaPagination,
  SchemaResourceContext,
  pathsOf,
  useCanDo,
  type SchemaResource,
} from '../schema';

/**
 * One company's records of a resource (react-admin's getManyReference by companyId: the list
 * filtered by it, or the API's own list under the company), with a way to add one.
 */
const CompanyRecords = ({
  resource,
  addLabel,
  addIcon,
}: {
  resource: SchemaResource;
  addLabel?: string;
  addIcon?: ReactNode;
}) => {
  const translate = useTranslate();
  const company = useRecordContext();
  const canDo = useCanDo(resource.def);
  if (!company) return null;
  const { def } = resource;
  return (
    <SchemaResourceContext.Provider value={resource}>
      {addLabel && resource.createPage !== false && canDo('create', { companyId: String(company.id) }) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <LinkButton
            label={addLabel}
            to={`${pathsOf(def).create}?companyId=${encodeURIComponent(String(company.id))}`}
            variant="outlined"
          >
            {addIcon}
          </LinkButton>
        </Box>
      )}
      <ReferenceManyField
        reference={def.name}
        target="companyId"
        sort={def.defaultSort}
        perPage={10}
        pagination={<SchemaPagination />}
        empty={<Typography color="text.secondary">{translate(`resources.${def.name}.empty`)}</Typography>}
      >
        <SchemaDataTable bulkDelete={false} />
      </ReferenceManyField>
    </SchemaResourceContext.Provider>
  );
};

export const CompanyUsers = () => (
  <CompanyRecords resource={usersResource} addLabel="resources.companies.registerUser" addIcon={<PersonAdd />} />
);
export const CompanyGroups = () => (
  <CompanyRecords resource={groupsResource} addLabel="resources.companies.registerGroup" addIcon={<GroupAdd />} />
);

export const CompanyBots = () => (
  <CompanyRecords resource={botsResource} addLabel="resources.companies.createBot" addIcon={<SmartToy />} />
);
// Agents register themselves with a token of the company (the Registration Tokens tab): nothing to add here.
export const CompanyAgents = () => <CompanyRecords resource={agentsResource} />;

export const CompanyTokens = () => {
  const company = useRecordContext();
  return company ? <TokenList resource={registrationTokensResource} companyId={String(company.id)} /> : null;
};

export const CompanyLicence = () => <CompanyTermsPanel resource={licencesResource} recordKey="licence" />;
export const CompanyStudioSubscription = () => (
  <CompanyTermsPanel resource={studioSubscriptionsResource} recordKey="studioSubscription" />
);
