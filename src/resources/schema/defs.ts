import { isSortable, type ResourceDef } from '../../domain/resource';
import { DECLARATIONS } from '../../domain/declarations/registry';

/** The registry's resources by react-admin name (no React here: the authProvider reads it too). */
export const DECLARED_DEFS: ReadonlyMap<string, ResourceDef> = new Map(DECLARATIONS.map((def) => [def.name, def]));

export const declaredDef = (name: string): ResourceDef | undefined => DECLARED_DEFS.get(name);

/**
 * How a reference input lists its targets: the target's own default sort when it is declared
 * (the API refuses a sort on a field that is not sortable), by name otherwise (roles).
 */
export const referenceSort = (reference: string): { field: string; order: 'ASC' | 'DESC' } => {
  const def = declaredDef(reference);
  if (!def) return { field: 'name', order: 'ASC' };
  return isSortable(def, def.recordRepresentation)
    ? { field: def.recordRepresentation, order: 'ASC' }
    : def.defaultSort;
};

/** The text field that shows a reference: `recordRepresentation` of the target, `name` for roles. */
export const referenceText = (reference: string): string => declaredDef(reference)?.recordRepresentation ?? 'name';
