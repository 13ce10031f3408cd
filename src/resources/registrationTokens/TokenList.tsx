import { useState } from 'react';
import { SchemaList, type SchemaResource } from '../schema';
import { GenerateTokenDialog, OpenGenerateContext, TokenCompanyContext, type TokenType } from './GenerateTokenDialog';

/**
 * The registration tokens list (filters Company, Status, Type): standalone, one company's
 * (the Company filter then fixed and hidden) on its details page, or a tab of another page
 * (`embedded`: no heading or URL of its own); with the Generate dialog, whose type starts at
 * `defaultType` (agent on the Agents screen).
 */
export const TokenList = ({
  resource,
  companyId,
  embedded = !!companyId,
  defaultType,
}: {
  resource: SchemaResource;
  companyId?: string;
  embedded?: boolean;
  defaultType?: TokenType;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <TokenCompanyContext.Provider value={companyId ?? null}>
      <OpenGenerateContext.Provider value={() => setOpen(true)}>
        <SchemaList resource={resource} filter={companyId ? { companyId } : undefined} embedded={embedded} />
        <GenerateTokenDialog open={open} onClose={() => setOpen(false)} defaultType={defaultType} />
      </OpenGenerateContext.Provider>
    </TokenCompanyContext.Provider>
  );
};
