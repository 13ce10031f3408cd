import { useMemo, type ReactNode } from 'react';
import { Create } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { writableCreate } from '../../dataProvider/writable';
import { SchemaResourceContext } from './context';
import { useResourceText } from './labels';
import { PageHeading } from './PageHeading';
import { pathsOf, relativeToShell, showPathOf } from './paths';
import { SchemaForm } from './SchemaForm';
import type { SchemaResource } from './types';
import { useServerError } from './useServerError';

/** Blank optional inputs are left out of the body: the server applies its defaults. */
export const withoutBlanks = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );

/**
 * The default create screen: the declaration's writable fields with their rules, and only
 * those in the body; after saving, the record's details page and the resource's "created"
 * toast; server errors as a toast and under their fields. Initial values come from the address
 * (`?companyId=…` from a company's page) and `createDefaults`. `children`: a bespoke screen's
 * own inputs, before the declared ones.
 */
export const SchemaCreate = ({ resource, children }: { resource: SchemaResource; children?: ReactNode }) => {
  const { def } = resource;
  const text = useResourceText(def);
  const onError = useServerError();
  const [search] = useSearchParams();
  const defaultValues = useMemo(() => {
    const fromQuery = Object.fromEntries([...search.entries()].filter(([key]) => key in def.fields));
    return { ...fromQuery, ...resource.createDefaults?.() };
  }, [search, def, resource]);
  return (
    <SchemaResourceContext.Provider value={resource}>
      <PageHeading title={text('page.create')} />
      <Create
        resource={def.name}
        title={false}
        redirect={(_resource?: string, id?: string | number) =>
          id ? relativeToShell(showPathOf(def, id)) : relativeToShell(pathsOf(def).list)
        }
        transform={(data: Record<string, unknown>) => withoutBlanks(writableCreate(def, data))}
        mutationOptions={{ onError }}
      >
        <SchemaForm resource={resource} mode="create" cancelTo={pathsOf(def).list} defaultValues={defaultValues}>
          {children}
        </SchemaForm>
      </Create>
    </SchemaResourceContext.Provider>
  );
};
