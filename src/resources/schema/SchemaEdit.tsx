import type { ReactNode } from 'react';
import { Edit, useRecordContext, type Identifier } from 'react-admin';
import { changedWritable } from '../../dataProvider/writable';
import { useMay } from './access';
import { SchemaResourceContext } from './context';
import { useResourceText } from './labels';
import { NotAllowed } from './NotAllowed';
import { PageHeading } from './PageHeading';
import { pathsOf, relativeToShell, showPathOf } from './paths';
import { SchemaForm } from './SchemaForm';
import type { SchemaResource } from './types';
import { useRecordGone, useServerError } from './useServerError';

export { changedWritable } from '../../dataProvider/writable';

/**
 * Only who may update this record gets the form (the Update action is hidden otherwise, the URL may still be typed).
 */
const UpdateGuard = ({ resource, children }: { resource: SchemaResource; children: ReactNode }) => {
  const record = useRecordContext();
  const canDo = useMay(resource);
  if (!record) return null;
  return canDo('update', record) ? children : <NotAllowed />;
};

/**
 * The default update form (the details page in edit mode): writable fields, back to details with the "updated" toast.
 */
export const SchemaEdit = ({ resource, id }: { resource: SchemaResource; id: Identifier }) => {
  const { def } = resource;
  const text = useResourceText(def);
  const onError = useServerError();
  const onGone = useRecordGone(pathsOf(def).list);
  const detailsPath = showPathOf(def, id);
  return (
    <SchemaResourceContext.Provider value={resource}>
      <PageHeading title={text('page.edit')} />
      <Edit
        resource={def.name}
        id={id}
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect={() => relativeToShell(detailsPath)}
        queryOptions={{ onError: onGone }}
        transform={(data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) =>
          changedWritable(def, data, options?.previousData)
        }
        mutationOptions={{ onError }}
      >
        <UpdateGuard resource={resource}>
          <SchemaForm resource={resource} mode="edit" cancelTo={detailsPath} />
        </UpdateGuard>
      </Edit>
    </SchemaResourceContext.Provider>
  );
};
