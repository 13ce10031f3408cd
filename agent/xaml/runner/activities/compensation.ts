import { fail, NetError } from '../../dotnet/exceptions';
import { typeName } from '../../dotnet/text';
import { NetObject, type Value } from '../../dotnet/values';
import type { Compiler, Factory } from '../compiler';
import { exec, type Activity, type Runtime } from '../engine';
import { Frame, type CompensationRecord } from '../frame';
import type { XNode } from '../xml';

/**
 * WF4's compensation: CompensableActivity, Compensate, Confirm. A CompensableActivity whose Body
 * completes hands out a CompensationToken and is kept by the CompensableActivity around it (or by
 * the run). Each is settled once: compensated (explicitly, or when the workflow faults, last
 * completed first) or confirmed (explicitly, or when the workflow completes, last completed
 * first). A Body left by an exception runs the CancellationHandler. A handler left out, and what a
 * handler leaves undone, is the default: its own completed children settled the same way.
 */

type Kind = 'compensate' | 'confirm';

interface Handlers {
  readonly compensation: Activity | null;
  readonly confirmation: Activity | null;
  readonly cancellation: Activity | null;
}

/** The CompensationToken values handed out, to their records: opaque to the workflow, as in WF. */
const TOKENS = new WeakMap<NetObject, Token>();

const ALREADY_SETTLED = 'The CompensableActivity has already been compensated or confirmed.';

class Token implements CompensationRecord {
  state: CompensationRecord['state'] = 'completed';

  constructor(
    private readonly children: CompensationRecord[],
    private readonly handlers: Handlers,
    private readonly rt: Runtime,
    private readonly scope: Frame,
  ) {}

  async settle(kind: Kind): Promise<void> {
    if (this.state !== 'completed') fail('InvalidOperationException', ALREADY_SETTLED);
    this.state = kind === 'compensate' ? 'compensated' : 'confirmed';
    const handler = kind === 'compensate' ? this.handlers.compensation : this.handlers.confirmation;
    await runHandler(handler, this.children, kind, this.rt, this.scope);
  }
}

/** Settles every record still only completed, last completed first (WF's default order). */
export async function settleAll(records: readonly CompensationRecord[], kind: Kind): Promise<void> {
  for (let i = records.length - 1; i >= 0; i--) if (records[i].state === 'completed') await records[i].settle(kind);
}

/** A handler in a scope where Compensate and Confirm without Target mean `children`, then the default for them. */
async function runHandler(
  handler: Activity | null,
  children: CompensationRecord[],
  kind: Kind,
  rt: Runtime,
  scope: Frame,
): Promise<void> {
  if (handler) {
    const frame = new Frame(scope.host, scope);
    frame.handlerChildren = children;
    await exec(handler, rt, frame);
  }
  await settleAll(children, kind);
}

/** Compiling a handler: Compensate and Confirm may leave Target out only there. */
const handlerDepth = new WeakMap<Compiler, number>();

function handler(c: Compiler, node: XNode, name: string): Activity | null {
  handlerDepth.set(c, (handlerDepth.get(c) ?? 0) + 1);
  try {
    return c.body(node, name);
  } finally {
    handlerDepth.set(c, (handlerDepth.get(c) ?? 1) - 1);
  }
}

/** CompensableActivity: Body (its content property), the three handlers, Result (the token). */
export const compensableActivity: Factory = (node, c) => {
  const body = c.content(node, 'Body');
  const handlers: Handlers = {
    compensation: handler(c, node, 'CompensationHandler'),
    confirmation: handler(c, node, 'ConfirmationHandler'),
    cancellation: handler(c, node, 'CancellationHandler'),
  };
  const result = c.reference(node, 'Result', 'x:Object');
  return {
    display: c.display(node),
    async run(rt, scope) {
      const children: CompensationRecord[] = [];
      const bodyScope = new Frame(scope.host, scope);
      bodyScope.compensables = children;
      try {
        if (body) await exec(body, rt, bodyScope);
      } catch (e) {
        // An exception leaving the Body cancels it: what it completed is compensated by default.
        if (e instanceof NetError) await runHandler(handlers.cancellation, children, 'compensate', rt, scope);
        throw e;
      }
      const token = new Token(children, handlers, rt, scope);
      (scope.nearest('compensables') ?? rt.compensables).push(token);
      if (result) {
        const value = new NetObject('CompensationToken', new Map());
        TOKENS.set(value, token);
        result(scope, value);
      }
    },
  };
};

/** Compensate and Confirm: the token of Target, or without Target (in a handler) the handler's children. */
function settleActivity(kind: Kind): Factory {
  return (node, c) => {
    const target = c.value(node, 'Target', 'x:Object');
    if (!target && !handlerDepth.get(c))
      c.fail(node, 'Target is required outside the handlers of a CompensableActivity');
    return {
      display: c.display(node),
      run(_rt, scope) {
        if (!target) return settleAll(scope.nearest('handlerChildren') ?? [], kind);
        const v: Value = target(scope);
        if (v === null) return fail('ArgumentNullException', "Value cannot be null. (Parameter 'Target')");
        const token = v instanceof NetObject ? TOKENS.get(v) : undefined;
        if (!token)
          return fail(
            'InvalidCastException',
            `Unable to cast object of type '${typeName(v)}' to type 'System.Activities.Statements.CompensationToken'.`,
          );
        return token.settle(kind);
      },
    };
  };
}

export const compensate = settleActivity('compensate');
export const confirm = settleActivity('confirm');

/**
 * TransactionScope: its Body as a scope. Nothing the runner does enlists in a transaction (no
 * database, no transactional resource), so there is nothing to commit or roll back: what the Body
 * did stays done when it fails, and the exception goes on. Timeout is checked at load but not
 * enforced; IsolationLevel and AbortInstanceOnTransactionFailure change nothing.
 */
export const transactionScope: Factory = (node, c) => {
  c.value(node, 'Timeout', 'x:TimeSpan');
  const body = c.content(node, 'Body');
  return {
    display: c.display(node),
    run(rt, scope) {
      if (body) return exec(body, rt, scope);
    },
  };
};
