import type { ResourceDef } from '../../domain/resource';
import { registerEndpoints } from '../../dataProvider/endpoints';
import type { SchemaResource } from './types';

/**
 * A web resource from its declaration: the dataProvider learns its API paths, the schema gives
 * its screens, `options` holds only what the spec makes different.
 */
export function schemaResource(def: ResourceDef, options: Omit<SchemaResource, 'def'> = {}): SchemaResource {
  registerEndpoints(def);
  return { def, ...options };
}
