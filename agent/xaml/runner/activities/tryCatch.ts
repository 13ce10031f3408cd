import { canonicalType, isInstanceOf } from '../../dotnet/cast';
import { exceptionDerivesFrom, NetError, type NetException } from '../../dotnet/exceptions';
import type { Factory } from '../compiler';
import { exec, type Activity, type Runtime } from '../engine';
import { WorkflowFailure } from '../api';
import { Frame, type Conv } from '../frame';
import { NS } from '../ns';
import { attr } from '../xml';

interface CatchClause {
  type: string;
  arg: string | null;
  conv: Conv;
  body: Activity | null;
}

type Step = () => void | Promise<void>;

/**
 * The Catch that handles `ex`, as WF picks it whatever the order written: the one of its exact
 * type, else the most derived one it is an instance of (the first written among equals).
 */
function findCatch(catches: readonly CatchClause[], ex: NetException): CatchClause | undefined {
  let best: { clause: CatchClause; type: string } | undefined;
  for (const clause of catches) {
    const type = canonicalType(clause.type);
    if (type === ex.type) return clause;
    if (!isInstanceOf(ex, clause.type)) continue;
    if (!best || (type !== best.type && exceptionDerivesFrom(type, best.type))) best = { clause, type };
  }
  return best?.clause;
}

/**
 * Whether `e`, leaving a TryCatch, is handled further out, so that its Finally runs first. An
 * exception nothing handles ends the workflow at once without running the Finally blocks it
 * crosses (WF terminates the instance; UiPath runs Finally only when no exception occurs or one
 * is caught), as does TerminateWorkflow or an expression naming nothing. A Break, a Continue or
 * a cancel runs them.
 */
function goesOn(e: unknown, scope: Frame): boolean {
  if (e instanceof NetError) return scope.willCatch(e);
  return !(e instanceof WorkflowFailure);
}

/** Runs `f`, then `fin` when `f` succeeded or threw what `runsFinally` accepts; `f`'s exception goes on after `fin`. */
function withFinally(f: Step, fin: Step, runsFinally: (e: unknown) => boolean): void | Promise<void> {
  let p: void | Promise<void>;
  try {
    p = f();
  } catch (e) {
    if (!runsFinally(e)) throw e;
    const q = fin();
    if (q)
      return q.then(() => {
        throw e;
      });
    throw e;
  }
  if (p)
    return p.then(fin, async (e: unknown) => {
      if (runsFinally(e)) await fin();
      throw e;
    });
  return fin();
}

/** TryCatch: Try; a .NET exception goes to the Catch findCatch picks; Finally unless the run ends. */
export const tryCatch: Factory = (node, c) => {
  const tryBody = c.body(node, 'Try');
  const finallyBody = c.body(node, 'Finally');
  const catches: CatchClause[] = [];
  for (const el of c.propElement(node, 'Catches')?.children ?? []) {
    if (el.name !== 'Catch') c.fail(el, `a Catch is expected here, not ${el.qname}`);
    const action = c.action(el.children.find((ch) => ch.name === 'ActivityAction') ?? null);
    catches.push({ type: attr(el, 'TypeArguments', NS.x) ?? 's:Exception', ...action });
  }
  const handle = (e: unknown, rt: Runtime, scope: Frame): void | Promise<void> => {
    if (!(e instanceof NetError)) throw e;
    const clause = findCatch(catches, e.exception);
    if (!clause) throw e;
    const frame = new Frame(scope.host, scope);
    frame.caught = e;
    if (clause.arg) frame.declare(clause.arg, clause.conv, e.exception);
    if (clause.body) return exec(clause.body, rt, frame);
  };
  const attempt = (rt: Runtime, scope: Frame): void | Promise<void> => {
    // The Try runs in a scope of its own that says which exceptions this TryCatch handles.
    const tryScope = new Frame(scope.host, scope);
    tryScope.catches = (e) => findCatch(catches, e.exception) !== undefined;
    let p: void | Promise<void>;
    try {
      p = tryBody ? exec(tryBody, rt, tryScope) : undefined;
    } catch (e) {
      return handle(e, rt, scope);
    }
    if (p) return p.catch((e: unknown) => handle(e, rt, scope));
  };
  return {
    display: c.display(node),
    run(rt, scope) {
      if (!finallyBody) return attempt(rt, scope);
      return withFinally(
        () => attempt(rt, scope),
        () => exec(finallyBody, rt, scope),
        (e) => goesOn(e, scope),
      );
    },
  };
};
