import type { ResourceDef } from '../../domain/resource';
import type { SchemaResource } from './types';

/**
 * A web resource from its declaration: the schema gives its screens, `options` holds only what
 * a screen needs beyond them. Nothing is registered here: the dataProvider knows the registry's
 * paths, and the shell registers those of the resources it is given (a test's own).
 */
export function schemaResource(def: ResourceDef, options: Omit<SchemaResource, 'def'> = {}): SchemaResource {
  return { def, ...options };
}
