import { useParams } from 'react-router-dom';
import { SchemaCreate } from './SchemaCreate';
import { SchemaDetails } from './SchemaDetails';
import { SchemaEdit } from './SchemaEdit';
import { SchemaList } from './SchemaList';
import type { SchemaResource } from './types';

/** The page a schema route shows. */
export type ScreenKind = 'list' | 'create' | 'show' | 'edit';

const EditScreen = ({ resource }: { resource: SchemaResource }) => {
  const { id } = useParams();
  const { edit: Edit } = resource;
  if (!id) return null;
  return Edit ? <Edit /> : <SchemaEdit resource={resource} id={id} />;
};

/**
 * A resource's screen of one kind: its override where it has one, the schema's otherwise. This
 * module and the schema's screens are downloaded with the first route that shows one.
 */
export const ResourceScreen = ({ resource, kind }: { resource: SchemaResource; kind: ScreenKind }) => {
  const { list: List, create: Create, details: Details } = resource;
  switch (kind) {
    case 'list':
      return List ? <List /> : <SchemaList resource={resource} />;
    case 'create':
      return Create ? <Create /> : <SchemaCreate resource={resource} />;
    case 'show':
      return Details ? <Details /> : <SchemaDetails resource={resource} />;
    case 'edit':
      return <EditScreen resource={resource} />;
  }
};
