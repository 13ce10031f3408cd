import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { warmUp } from '../../../agent/workflow/warmup';

describe('the workflow process’s warm-up', () => {
  // A warm-up that failed would leave the runner cold without anyone noticing: it must run whole.
  it('loads and runs its built-in workflow to the end', async () => {
    expect(await warmUp(tmpdir())).toBe(true);
  });
});
