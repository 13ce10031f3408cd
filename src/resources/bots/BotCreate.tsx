import { useMemo } from 'react';
import { Create, SimpleForm } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  DirtyTracker,
  FormToolbar,
  PageHeading,
  SchemaFormFields,
  SchemaResourceContext,
  pathsOf,
  relativeToShell,
  showPathOf,
  useResourceText,
  useServerError,
  withoutBlanks,
  type SchemaResource,
} from '../schema';
import { BotFileInput } from './BotFileInput';

/**
 * Create Bots (/controlroom/bots/create): the workflow file with a preview of its arguments,
 * then the declaration's inputs (name, description, type, and the company for Super and Sub
 * Admin). The dataProvider sends it as multipart/form-data because a value is a file; the
 * server's field errors show under their inputs, its message (e.g. the licence limit) as a toast.
 */
export const BotCreate = ({ resource }: { resource: SchemaResource }) => {
  const { def } = resource;
  const text = useResourceText(def);
  const onError = useServerError();
  const [search] = useSearchParams();
  // "Create Bot" on a company's page comes with its company.
  const companyId = search.get('companyId');
  const defaultValues = useMemo(() => (companyId ? { companyId } : {}), [companyId]);
  const { list } = pathsOf(def);
  return (
    <SchemaResourceContext.Provider value={resource}>
      <PageHeading title={text('page.create')} />
      <Create
        resource={def.name}
        title={false}
        redirect={(_resource?: string, id?: string | number) => relativeToShell(id ? showPathOf(def, id) : list)}
        transform={withoutBlanks}
        mutationOptions={{ onError }}
      >
        <SimpleForm toolbar={<FormToolbar cancelTo={list} alwaysEnable />} defaultValues={defaultValues}>
          <DirtyTracker />
          <BotFileInput />
          <SchemaFormFields resource={resource} mode="create" />
        </SimpleForm>
      </Create>
    </SchemaResourceContext.Provider>
  );
};
