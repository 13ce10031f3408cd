import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../src/domain/resource';
import type { CrudOptions } from './options';

/**
 * What the server serves: exactly the declarations of the registry, in its order. A declaration
 * with bespoke options (lookups, hooks, messages, skipped routes) is served by them, matched by
 * name; every other one by the default options derived from it: its declaration over its table,
 * every route of the engine. Bespoke options that name no declaration of the registry, name one
 * twice or carry another declaration object than the registry's are refused, so that nothing is
 * served twice or outside the registry.
 */
export function servedResources(
  declarations: readonly ResourceDef[],
  bespoke: readonly CrudOptions[],
  tableOf: (name: string) => PgTable,
): CrudOptions[] {
  const byName = new Map<string, CrudOptions>();
  const declared = new Map(declarations.map((def) => [def.name, def]));
  if (declared.size !== declarations.length) throw new Error('The registry declares a resource twice');
  for (const options of bespoke) {
    const { name } = options.def;
    if (byName.has(name)) throw new Error(`${name}: two sets of server options`);
    if (!declared.has(name)) throw new Error(`${name}: server options for a resource the registry does not declare`);
    if (declared.get(name) !== options.def)
      throw new Error(`${name}: its server options take another declaration than the registry's`);
    byName.set(name, options);
  }
  return declarations.map((def) => byName.get(def.name) ?? { def, source: { table: tableOf(def.name) } });
}
