import { describe, expect, it } from 'vitest';
import { RESOURCES, rowOf } from '../../../src/domain';
import { apiPathsOf, isSortable } from '../../../src/domain/resource';
import * as declared from '../../../src/domain/declarations';
import { DECLARATIONS } from '../../../src/domain/declarations';

describe('resource declarations', () => {
  it('are listed in one registry', () => {
    expect(DECLARATIONS.map((d) => d.name)).toEqual(
      expect.arrayContaining(['companies', 'users', 'bots', 'agents', 'registrationTokens']),
    );
    expect(new Set(DECLARATIONS.map((d) => d.name)).size).toBe(DECLARATIONS.length);
  });

  // A list opens sorted by its default field: the API must accept it even when it is no column.
  it.each(DECLARATIONS.map((d) => [d.name, d] as const))('%s: the default sort field is sortable', (_name, def) => {
    expect(isSortable(def, def.defaultSort.field)).toBe(true);
  });

  it('never sorts by a secret or virtual field', () => {
    expect(isSortable(declared.registrationTokens, 'expiresInDays')).toBe(false);
  });

  it('each have a row of the permission table, their own unless they name another', () => {
    for (const def of DECLARATIONS) {
      expect(RESOURCES).toContain(def.name);
      expect(rowOf(def)).toBe(rowOf(def.name));
    }
    expect(declared.studioSubscriptions.access).toEqual({ sameAs: 'licences' });
    expect(declared.studioSubscriptions.permission).toBe('licences');
    expect(rowOf('studioSubscriptions')).toBe(rowOf('licences'));
    expect(declared.users.permission).toBe('users');
  });

  it('give the API paths of their routes', () => {
    expect(apiPathsOf(declared.groups)).toEqual({
      list: '/groups/by-pagination',
      names: '/groups/names',
      details: '/groups/details/:id',
      create: '/groups/create',
      update: '/groups/update/:id',
      delete: '/groups/delete/:id',
    });
    expect(apiPathsOf(declared.users).create).toBe('/user/register');
    expect(apiPathsOf(declared.agents).names).toBe('/agent/all/names');
  });
});
