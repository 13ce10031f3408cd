import { useState } from 'react';
import { SchemaList, type SchemaResource } from '../schema';
import { GenerateTokenDialog, OpenGenerateContext, TokenCompanyContext } from './GenerateTokenDialog';

/**
 * The registration tokens list (filters Company, Status, Type): standalone, or one company's
 * (the Company filter then fixed and hidden) on its details page; with the Generate dialog.
 */
export const TokenList = ({ resource, companyId }: { resource: SchemaResource; companyId?: string }) => {
  const [open, setOpen] = useState(false);
  return (
    <TokenCompanyContext.Provider value={companyId ?? null}>
      <OpenGenerateContext.Provider value={() => setOpen(true)}>
        <SchemaList resource={resource} filter={companyId ? { companyId } : undefined} embedded={!!companyId} />
        <GenerateTokenDialog open={open} onClose={() => setOpen(false)} />
      </OpenGenerateContext.Provider>
    </TokenCompanyContext.Provider>
  );
};
