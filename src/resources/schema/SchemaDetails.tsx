import { useParams, useSearchParams } from 'react-router-dom';
import { EDIT_MODE_PARAM, EDIT_MODE_VALUE } from './paths';
import { SchemaEdit } from './SchemaEdit';
import { SchemaShow } from './SchemaShow';
import type { SchemaResource } from './types';

/** The details route (e.g. /controlroom/user/details/:id): the record, or its update form with ?mode=edit. */
export const SchemaDetails = ({ resource }: { resource: SchemaResource }) => {
  const { id } = useParams();
  const [search] = useSearchParams();
  if (!id) return null;
  return search.get(EDIT_MODE_PARAM) === EDIT_MODE_VALUE ? (
    <SchemaEdit key={`edit-${id}`} resource={resource} id={id} />
  ) : (
    <SchemaShow key={`show-${id}`} resource={resource} id={id} />
  );
};
