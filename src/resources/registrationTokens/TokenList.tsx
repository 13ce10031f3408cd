import { useState } from 'react';
import { SchemaList, type SchemaResource } from '../schema';
import { GenerateTokenDialog, OpenGenerateContext, TokenCompanyContext } from './GenerateTokenDialog';

/**
 * The registration tokens list (filters Company, Status, Type): standalone, one company's
 * (the Company filter then fixed and hidden) on its details page, or a tab of another page
 * (`embedded`: no heading or URL of its own); with the Generate dialog.
 */
export const TokenList = ({ resource, companyId, embedded = !!companyId }: { resource: SchemaResource; companyId?: string; embedded?: boolean }) => {
  const [open, setOpen] = useState(false);
  return (
    <TokenCompanyContext.Provider value={companyId ?? null}>
      <OpenGenerateContext.Provider value={() => setOpen(true)}>
        <SchemaList resource={resource} filter={companyId ? { companyId } : undefined} embedded={embedded} />
        <GenerateTokenDialog open={open} onClose={() => setOpen(false)} />
      </OpenGenerateContext.Provider>
    </TokenCompanyContext.Provider>
  );
};
