import { enumerate } from '../../dotnet/collections';
import { DataTable } from '../../dotnet/datatable';
import { NetTimeSpan } from '../../dotnet/datetime';
import { NetError } from '../../dotnet/exceptions';
import { NetArray, type Value } from '../../dotnet/values';
import type { Factory, Getter, Setter } from '../compiler';
import { exec, loopSignal, sleep, type Activity, type Runtime } from '../engine';
import { Frame, type Conv } from '../frame';

/** A loop's body when the workflow leaves it empty: still an activity boundary (cancel, yield). */
const EMPTY: Activity = { display: 'Empty', run: () => undefined };

function conditionLoop(cond: Getter, body: Activity, first: boolean): Activity['run'] {
  return (rt, scope) => {
    for (let skip = first; skip || cond(scope) === true; skip = false) {
      let p: void | Promise<void>;
      try {
        p = exec(body, rt, scope);
      } catch (e) {
        if (loopSignal(e) === 'break') return;
        continue;
      }
      if (p) return finishConditionLoop(p, cond, body, rt, scope);
    }
  };
}

async function finishConditionLoop(
  p: Promise<void>,
  cond: Getter,
  body: Activity,
  rt: Runtime,
  scope: Frame,
): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (loopSignal(e) === 'break') return;
  }
  while (cond(scope) === true) {
    try {
      await exec(body, rt, scope);
    } catch (e) {
      if (loopSignal(e) === 'break') return;
    }
  }
}

/** While and ui:InterruptibleWhile: the condition, then the body, while true. */
export const whileLoop: Factory = (node, c) => ({
  display: c.display(node),
  run: conditionLoop(c.required(node, 'Condition', 'x:Boolean'), c.content(node, 'Body') ?? EMPTY, false),
});

/** DoWhile and ui:InterruptibleDoWhile: the body, then the condition. */
export const doWhileLoop: Factory = (node, c) => ({
  display: c.display(node),
  run: conditionLoop(c.required(node, 'Condition', 'x:Boolean'), c.content(node, 'Body') ?? EMPTY, true),
});

/** Runs `body` once per item, each in its own scope holding the item (and the index when asked). */
function itemLoop(
  items: (scope: Frame) => readonly Value[],
  arg: string | null,
  conv: Conv,
  index: Setter | null,
  body: Activity,
): Activity['run'] {
  const iteration = (scope: Frame, item: Value, i: number): Frame => {
    const frame = new Frame(scope.host, scope);
    if (arg) frame.declare(arg, conv, conv(item));
    if (index) index(scope, i);
    return frame;
  };
  return (rt, scope) => {
    const list = items(scope);
    for (let i = 0; i < list.length; i++) {
      let p: void | Promise<void>;
      try {
        p = exec(body, rt, iteration(scope, list[i], i));
      } catch (e) {
        if (loopSignal(e) === 'break') return;
        continue;
      }
      if (p) return finishItemLoop(p, list, i + 1, rt, scope, iteration, body);
    }
  };
}

async function finishItemLoop(
  p: Promise<void>,
  list: readonly Value[],
  from: number,
  rt: Runtime,
  scope: Frame,
  iteration: (scope: Frame, item: Value, i: number) => Frame,
  body: Activity,
): Promise<void> {
  try {
    await p;
  } catch (e) {
    if (loopSignal(e) === 'break') return;
  }
  for (let i = from; i < list.length; i++) {
    try {
      await exec(body, rt, iteration(scope, list[i], i));
    } catch (e) {
      if (loopSignal(e) === 'break') return;
    }
  }
}

/**
 * The items a loop walks, taken when it starts: a list changed by the body does not change the
 * walk (an array's elements, fixed in number, are read as they are when reached).
 */
export function snapshot(values: Getter): (scope: Frame) => readonly Value[] {
  return (scope) => {
    const v = values(scope);
    return v instanceof NetArray ? v.items : enumerate(v).slice();
  };
}

/** WF's ForEach<T> and ui:ForEach: Values enumerated once, the body per item. */
export const forEach: Factory = (node, c) => {
  const values = c.required(node, 'Values', 'x:Object');
  const action = c.action(
    c.propElement(node, 'Body')?.children[0] ?? node.children.find((ch) => ch.name === 'ActivityAction') ?? null,
  );
  const index = c.reference(node, 'CurrentIndex', 'x:Int32');
  return {
    display: c.display(node),
    run: itemLoop(snapshot(values), action.arg, action.conv, index, action.body ?? EMPTY),
  };
};

/** ui:ForEachRow: the rows of DataTable, the body per row. */
export const forEachRow: Factory = (node, c) => {
  const table = c.required(node, 'DataTable', 'x:Object');
  const action = c.action(c.propElement(node, 'Body')?.children[0] ?? null);
  const index = c.reference(node, 'CurrentIndex', 'x:Int32');
  const rows = (s: Frame): readonly Value[] => {
    const t = table(s);
    return t instanceof DataTable ? [...t.rows.list] : enumerate(t);
  };
  return { display: c.display(node), run: itemLoop(rows, action.arg, action.conv, index, action.body ?? EMPTY) };
};

/**
 * ui:RetryScope: runs ActivityBody; when it throws, waits RetryInterval and runs it again, up to
 * NumberOfRetries runs in all, then lets the last exception through.
 */
export const retryScope: Factory = (node, c) => {
  const action = c.action(c.propElement(node, 'ActivityBody')?.children[0] ?? null);
  const condition = c.propElement(node, 'Condition')?.children[0];
  if (condition?.children.some((ch) => !ch.name.includes('.')))
    c.fail(node, 'a RetryScope condition activity is not supported by this agent (retry on exceptions only)');
  const retries = c.value(node, 'NumberOfRetries', 'x:Int32') ?? (() => 3);
  const interval = c.value(node, 'RetryInterval', 'x:TimeSpan') ?? (() => new NetTimeSpan(5000));
  const body = action.body ?? EMPTY;
  return {
    display: c.display(node),
    async run(rt, scope) {
      const runs = Math.max(1, Number(retries(scope)));
      const wait = interval(scope);
      for (let attempt = 1; ; attempt++) {
        // While runs are left, the scope says a .NET exception of the body is handled here.
        const frame = new Frame(scope.host, scope);
        frame.catches = () => attempt < runs;
        try {
          await exec(body, rt, frame);
          return;
        } catch (e) {
          if (!(e instanceof NetError) || attempt >= runs) throw e;
        }
        await sleep(wait instanceof NetTimeSpan ? wait.ms : 0, rt);
      }
    },
  };
};
