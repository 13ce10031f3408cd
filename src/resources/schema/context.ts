import { createContext, useContext } from 'react';
import type { SchemaResource } from './types';

/** The resource a schema screen renders, for the pieces deep inside it (row actions, inputs). */
export const SchemaResourceContext = createContext<SchemaResource | null>(null);

export function useSchemaResource(): SchemaResource {
  const resource = useContext(SchemaResourceContext);
  if (!resource) throw new Error('A schema component is used outside a schema screen');
  return resource;
}
