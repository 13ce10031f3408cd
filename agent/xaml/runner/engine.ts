import { WorkflowCanceled, type LogFields, type LogLevel, type RunOptions } from './api';
import type { Host } from '../dotnet/host';
import type { CompensationRecord, Frame } from './frame';

/** A compiled activity: synchronous unless something in it awaits (a Delay, a yield). */
export interface Activity {
  /** DisplayName, or the activity's type name. */
  readonly display: string;
  run(rt: Runtime, scope: Frame): void | Promise<void>;
}

/** Thrown by ui:Break and ui:Continue; caught by the enclosing loop (not Errors: no stack to capture). */
export const BREAK = { signal: 'break' } as const;
export const CONTINUE = { signal: 'continue' } as const;

/**
 * Activities between two looks at the clock: few enough that a run of slow activities (a large
 * file read, a long string build) still yields on time, many enough that the clock costs nothing.
 */
const BUDGET = 16;
/** The longest the runner keeps the event loop busy before letting timers, aborts and IPC in. */
const SLICE_MS = 20;

/**
 * The custom log fields of a run (Add Log Fields, Remove Log Fields): they go with every line
 * logged after they are added, in whatever workflow or branch, until they are removed.
 */
export class RunLogFields {
  private readonly map = new Map<string, string>();
  private view: LogFields | undefined;

  set(name: string, value: string): void {
    this.map.set(name, value);
    this.view = undefined;
  }

  remove(name: string): void {
    if (this.map.delete(name)) this.view = undefined;
  }

  /** The fields in force, as one frozen object shared by the lines until they change; undefined when none. */
  current(): LogFields | undefined {
    if (!this.map.size) return undefined;
    this.view ??= Object.freeze(Object.fromEntries(this.map));
    return this.view;
  }
}

/** What one run shares across its activities: the log, the signal, the clock for yielding. */
export class Runtime {
  private budget = BUDGET;
  private sliceStart = performance.now();

  constructor(
    private readonly sink: RunOptions['log'],
    readonly trace: boolean,
    readonly signal: AbortSignal,
    readonly host: Host,
    readonly fields = new RunLogFields(),
    /** The run's completed compensable activities that no CompensableActivity encloses. */
    readonly compensables: CompensationRecord[] = [],
  ) {}

  /** A log line, with the custom log fields in force (none passed when there are none). */
  log(level: LogLevel, text: string): void {
    const fields = this.fields.current();
    if (fields) this.sink(level, text, fields);
    else this.sink(level, text);
  }

  /** The same run seen through another signal (Parallel's branches stop when one of them fails). */
  fork(signal: AbortSignal): Runtime {
    return new Runtime(this.sink, this.trace, signal, this.host, this.fields, this.compensables);
  }

  /** True when the current slice of synchronous work is used up. */
  due(): boolean {
    if (--this.budget > 0) return false;
    this.budget = BUDGET;
    return performance.now() - this.sliceStart > SLICE_MS;
  }

  /** Lets the event loop run, then starts a new slice. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.resumed();
  }

  resumed(): void {
    this.budget = BUDGET;
    this.sliceStart = performance.now();
  }

  checkCanceled(): void {
    if (this.signal.aborted) throw new WorkflowCanceled('The workflow was canceled');
  }
}

/** Runs one activity at an activity boundary: the cancel check, the yield, the trace lines. */
export function exec(a: Activity, rt: Runtime, scope: Frame): void | Promise<void> {
  if (rt.signal.aborted) rt.checkCanceled();
  if (rt.due()) return rt.pause().then(() => exec(a, rt, scope));
  if (rt.trace) return traced(a, rt, scope);
  return a.run(rt, scope);
}

function traced(a: Activity, rt: Runtime, scope: Frame): void | Promise<void> {
  rt.log('Trace', `Executing ${a.display}`);
  const p = a.run(rt, scope);
  if (p) return p.then(() => rt.log('Trace', `Closed ${a.display}`));
  rt.log('Trace', `Closed ${a.display}`);
}

/** Runs activities in order, synchronously until one of them awaits. */
export function runAll(list: readonly Activity[], rt: Runtime, scope: Frame): void | Promise<void> {
  for (let i = 0; i < list.length; i++) {
    const p = exec(list[i], rt, scope);
    if (p) return finishAll(p, list, i + 1, rt, scope);
  }
}

async function finishAll(
  first: Promise<void>,
  list: readonly Activity[],
  from: number,
  rt: Runtime,
  scope: Frame,
): Promise<void> {
  await first;
  for (let i = from; i < list.length; i++) await exec(list[i], rt, scope);
}

/** Waits `ms`, or rejects with WorkflowCanceled as soon as the signal aborts. */
export function sleep(ms: number, rt: Runtime): Promise<void> {
  rt.checkCanceled();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new WorkflowCanceled('The workflow was canceled'));
    };
    const timer = setTimeout(
      () => {
        rt.signal.removeEventListener('abort', onAbort);
        rt.resumed();
        resolve();
      },
      Math.max(0, ms),
    );
    rt.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A loop's body outcome: BREAK ends the loop, CONTINUE the iteration; anything else propagates. */
export function loopSignal(e: unknown): 'break' | 'continue' {
  if (e === BREAK) return 'break';
  if (e === CONTINUE) return 'continue';
  throw e;
}
