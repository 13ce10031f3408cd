import type { ResourceDef } from '../domain/resource';
import { schemaResource } from './schema/define';
import type { SchemaResource } from './schema/types';

/**
 * The shell's resources: one per declaration of the registry, its bespoke screens where it has
 * a folder here, the schema's List/Show/Edit/Create otherwise — a plain new resource needs no
 * web file. Bespoke screens of a resource the registry does not declare are a mistake.
 */
export function webResourcesOf<T extends { def: ResourceDef }>(
  declarations: readonly ResourceDef[],
  bespoke: readonly T[],
): (T | SchemaResource)[] {
  const byName = new Map(bespoke.map((resource) => [resource.def.name, resource]));
  for (const name of byName.keys()) {
    if (!declarations.some((def) => def.name === name)) throw new Error(`Screens for ${name}, which is not declared`);
  }
  return declarations.map((def) => byName.get(def.name) ?? schemaResource(def));
}
