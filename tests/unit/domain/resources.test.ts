import { describe, expect, it } from 'vitest';
import { isSortable, type ResourceDef } from '../../../src/domain/resource';
import * as declared from '../../../src/domain/resources';

const defs = Object.values(declared as Record<string, unknown>).filter(
  (value): value is ResourceDef => typeof value === 'object' && value !== null && 'apiPrefix' in value && 'fields' in value,
);

describe('resource declarations', () => {
  it('are found', () => {
    expect(defs.map((d) => d.name)).toEqual(expect.arrayContaining(['companies', 'users', 'bots', 'agents', 'registrationTokens']));
  });

  // A list opens sorted by its default field: the API must accept it even when it is no column.
  it.each(defs.map((d) => [d.name, d] as const))('%s: the default sort field is sortable', (_name, def) => {
    expect(isSortable(def, def.defaultSort.field)).toBe(true);
  });

  it('never sorts by a secret or virtual field', () => {
    expect(isSortable(declared.registrationTokens, 'expiresInDays')).toBe(false);
  });
});
