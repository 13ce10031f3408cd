import type { Factory } from '../compiler';
import { exec, type Activity, type Runtime } from '../engine';
import { Frame } from '../frame';
import { snapshot } from './loops';

/**
 * Starts every branch; a branch that awaits lets the next one start, so branches interleave at
 * their await points and run in order when all are synchronous. When one branch fails the others
 * are stopped at their next activity boundary, and the run goes on with the first failure.
 */
function all(start: ((rt: Runtime) => void | Promise<void>)[], rt: Runtime): void | Promise<void> {
  const siblings = new AbortController();
  const branchRt = rt.fork(AbortSignal.any([rt.signal, siblings.signal]));
  const pending: Promise<void>[] = [];
  try {
    for (const s of start) {
      const p = s(branchRt);
      if (p) pending.push(p);
    }
  } catch (e) {
    siblings.abort();
    for (const p of pending) p.catch(() => undefined);
    throw e;
  }
  if (pending.length)
    return Promise.all(pending).then(
      () => undefined,
      (e: unknown) => {
        siblings.abort();
        throw e;
      },
    );
}

/** Parallel: its branches, all to completion. */
export const parallel: Factory = (node, c) => {
  const branches = c.children(node);
  return {
    display: c.display(node),
    run: (rt, scope) =>
      all(
        branches.map((b) => (r: Runtime) => exec(b, r, scope)),
        rt,
      ),
  };
};

const EMPTY: Activity = { display: 'Empty', run: () => undefined };

/**
 * ParallelForEach<T>: the body once per item, each with its own item scope, as Parallel runs
 * branches — but started last item first. WF schedules one body per item in the order the values
 * enumerate and its scheduler runs the most recently scheduled work first, so without awaits the
 * items run last-first (Parallel schedules its branches in reverse, hence first-first).
 */
export const parallelForEach: Factory = (node, c) => {
  const values = c.required(node, 'Values', 'x:Object');
  const action = c.action(
    c.propElement(node, 'Body')?.children[0] ?? node.children.find((ch) => ch.name === 'ActivityAction') ?? null,
  );
  const body = action.body ?? EMPTY;
  return {
    display: c.display(node),
    run(rt, scope) {
      const items = snapshot(values)(scope);
      return all(
        [...items].reverse().map((item) => (r: Runtime) => {
          const frame = new Frame(scope.host, scope);
          if (action.arg) frame.declare(action.arg, action.conv, action.conv(item));
          return exec(body, r, frame);
        }),
        rt,
      );
    },
  };
};
