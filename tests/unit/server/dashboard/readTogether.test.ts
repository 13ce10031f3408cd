// Reads shared by the callers that ask at once: every caller gets a read that began after it came
// (so it misses nothing written before it asked), and callers that come while one runs share the
// next. The database is a fake whose reads end when the test says, and answer how many writes
// had been made when each read began.
import { describe, expect, it } from 'vitest';
import { readRows } from '../../../../server/dashboard/read';

interface Read {
  writes: number;
  end: () => void;
  fail: (error: Error) => void;
}

function fakeDatabase() {
  let writes = 0;
  const reads: Read[] = [];
  return {
    reads,
    write: () => void writes++,
    queryRows: (_text: string, _params: unknown[]) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const seen = writes;
        reads.push({ writes: seen, end: () => resolve([{ writes: seen }]), fail: reject });
      }),
  };
}

const TEXT = 'select count(*) as writes from t';
/** Lets the promises settled so far run their reactions. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readRows', () => {
  it('a caller that comes while a read runs gets the next read, which every such caller shares', async () => {
    const db = fakeDatabase();
    const first = readRows<{ writes: number }>(db, TEXT, [1]);
    expect(db.reads).toHaveLength(1);
    db.write();
    // Both came after the write, while the first read (begun before it) runs.
    const second = readRows<{ writes: number }>(db, TEXT, [1]);
    const third = readRows<{ writes: number }>(db, TEXT, [1]);
    expect(db.reads).toHaveLength(1);
    db.reads[0].end();
    expect(await first).toEqual([{ writes: 0 }]);
    await settle();
    expect(db.reads).toHaveLength(2);
    db.reads[1].end();
    expect(await second).toEqual([{ writes: 1 }]);
    expect(await third).toBe(await second);
  });

  it('reads of other parameters do not wait for one another; a caller after the reads end reads again', async () => {
    const db = fakeDatabase();
    const one = readRows(db, TEXT, [1]);
    const two = readRows(db, TEXT, [2]);
    expect(db.reads).toHaveLength(2);
    db.reads.forEach((r) => r.end());
    await Promise.all([one, two]);
    db.write();
    const later = readRows<{ writes: number }>(db, TEXT, [1]);
    expect(db.reads).toHaveLength(3);
    db.reads[2].end();
    expect(await later).toEqual([{ writes: 1 }]);
  });

  it('a failed read fails its callers only: the callers waiting for the next read get it', async () => {
    const db = fakeDatabase();
    const first = readRows(db, TEXT, [1]);
    const next = readRows<{ writes: number }>(db, TEXT, [1]);
    db.reads[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(db.reads).toHaveLength(2);
    db.reads[1].end();
    expect(await next).toEqual([{ writes: 0 }]);
  });
});
