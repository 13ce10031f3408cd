import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/resources';
import { shellResources } from '../../../src/resources/lazy';

describe('the shell’s resources, whose screens download with their route', () => {
  it('are the registry’s resources, in its order', () => {
    expect(shellResources.map((resource) => resource.def.name)).toEqual(resources.map((resource) => resource.def.name));
  });

  it('route the pages their screens have (list and details, create, none at all) and load those screens', async () => {
    for (const [index, shell] of shellResources.entries()) {
      const eager = resources[index];
      const loaded = 'load' in shell ? await shell.load() : shell;
      if ('load' in shell) expect(loaded, shell.def.name).toBe(eager);
      expect({ name: shell.def.name, routes: shell.routes !== false, createPage: shell.createPage !== false }).toEqual({
        name: eager.def.name,
        routes: eager.routes !== false,
        createPage: eager.createPage !== false,
      });
    }
  });
});
