import { describe, expect, it } from 'vitest';
import { Batcher } from '../../server/runtime/batcher';

/** A write the test finishes by hand, recording each batch it was given. */
function manualWrites() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = (inputs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(inputs);
      finishers.push(() => (inputs.includes(-1) ? reject(new Error('write failed')) : resolve(inputs.map(String))));
    });
  const finishNext = async () => {
    await until(() => finishers.length > 0);
    finishers.shift()?.();
  };
  return { batches, run, finishNext };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('Batcher', () => {
  it('writes alone when idle, and together what arrives while a write is under way', async () => {
    const writes = manualWrites();
    const batcher = new Batcher(writes.run, 1, 100);
    const first = batcher.add(1);
    await until(() => writes.batches.length === 1);
    const rest = [2, 3, 4].map((n) => batcher.add(n));
    await writes.finishNext();
    expect(await first).toBe('1');
    await writes.finishNext();
    expect(await Promise.all(rest)).toEqual(['2', '3', '4']);
    expect(writes.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps at most `parallel` writes under way and `most` inputs in one', async () => {
    const writes = manualWrites();
    const batcher = new Batcher(writes.run, 2, 2);
    const answers = [1, 2, 3, 4, 5].map((n) => batcher.add(n));
    await until(() => writes.batches.length === 2);
    // Two writes are under way: the fifth input waits for one of them to end, however many
    // turns of the event loop (where a batch would start) pass meanwhile.
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(writes.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await writes.finishNext();
    await writes.finishNext();
    await writes.finishNext();
    expect(await Promise.all(answers)).toEqual(['1', '2', '3', '4', '5']);
    expect(writes.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every caller of a failed write, and goes on with the next', async () => {
    const writes = manualWrites();
    const batcher = new Batcher(writes.run, 1, 100);
    const failing = [batcher.add(-1), batcher.add(7)];
    await writes.finishNext();
    for (const answer of failing) await expect(answer).rejects.toThrow('write failed');
    const later = batcher.add(8);
    await writes.finishNext();
    expect(await later).toBe('8');
  });
});
