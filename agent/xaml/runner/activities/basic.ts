import { NetTimeSpan } from '../../dotnet/datetime';
import { fail, NetError, NetException } from '../../dotnet/exceptions';
import { textOrEmpty } from '../../dotnet/text';
import type { LogLevel } from '../api';
import type { Factory, Getter, Setter } from '../compiler';
import { BREAK, CONTINUE, runAll, sleep, type Activity } from '../engine';
import { NS } from '../ns';
import { attr } from '../xml';

/** Sequence: its children in order. */
export const sequence: Factory = (node, c) => {
  const list = c.children(node);
  return { display: c.display(node), run: (rt, scope) => runAll(list, rt, scope) };
};

/** Assign (and Assign<T>): To ← Value, converted to T. */
export const assignActivity: Factory = (node, c) => {
  const type = attr(node, 'TypeArguments', NS.x) ?? 'x:Object';
  const to = c.reference(node, 'To', type) ?? c.fail(node, 'To is required');
  const value = c.required(node, 'Value', type);
  return { display: c.display(node), run: (_rt, scope) => to(scope, value(scope)) };
};

/** ui:MultipleAssign: each AssignOperation's To ← Value, in order. */
export const multipleAssign: Factory = (node, c) => {
  const ops: { to: Setter; value: Getter }[] = [];
  const visit = (n: typeof node) => {
    for (const ch of n.children) {
      if (ch.name === 'AssignOperation') {
        const to = c.reference(ch, 'To', 'x:Object') ?? c.fail(ch, 'To is required');
        ops.push({ to, value: c.required(ch, 'Value', 'x:Object') });
      } else visit(ch);
    }
  };
  visit(c.propElement(node, 'AssignOperations') ?? node);
  return {
    display: c.display(node),
    run: (_rt, scope) => {
      for (const op of ops) op.to(scope, op.value(scope));
    },
  };
};

/** WriteLine: its Text at Info. */
export const writeLine: Factory = (node, c) => {
  const text = c.value(node, 'Text', 'x:String');
  return {
    display: c.display(node),
    run: (rt, scope) => {
      rt.log('Info', text ? textOrEmpty(text(scope)) : '');
    },
  };
};

const LEVELS: Record<string, LogLevel> = {
  trace: 'Trace',
  verbose: 'Trace',
  info: 'Info',
  information: 'Info',
  warn: 'Warn',
  warning: 'Warn',
  error: 'Error',
  fatal: 'Fatal',
};

/** ui:LogMessage: its Message at its Level (Info when omitted). */
export const logMessage: Factory = (node, c) => {
  const written = (attr(node, 'Level') ?? 'Info').replace(/^\[?(?:\w+\.)*(\w+)\]?$/, '$1');
  const level = LEVELS[written.toLowerCase()] ?? c.fail(node, `'${written}' is not a log level`);
  const message = c.value(node, 'Message', 'x:Object');
  return {
    display: c.display(node),
    run: (rt, scope) => {
      rt.log(level, message ? textOrEmpty(message(scope)) : '');
    },
  };
};

/** ui:MessageBox: nobody answers a dialog on an unattended agent, so its Text becomes a line at Info. */
export const messageBox: Factory = (node, c) => {
  const text = c.value(node, 'Text', 'x:Object');
  return {
    display: c.display(node),
    run: (rt, scope) => {
      rt.log('Info', text ? textOrEmpty(text(scope)) : '');
    },
  };
};

/** ui:Comment and ui:CommentOut: skipped; what CommentOut holds is not even compiled. */
export const skipped: Factory = (node, c) => ({ display: c.display(node), run: () => undefined });

/** Throw: its Exception; Nothing is an ArgumentNullException as in WF. */
export const throwActivity: Factory = (node, c) => {
  const ex = c.required(node, 'Exception', 'x:Object');
  return {
    display: c.display(node),
    run: (_rt, scope) => {
      const v = ex(scope);
      if (v instanceof NetException) throw new NetError(v);
      fail('ArgumentNullException', "Value cannot be null. (Parameter 'Exception')");
    },
  };
};

/** Rethrow: the exception the enclosing Catch handles. */
export const rethrow: Factory = (node, c) => ({
  display: c.display(node),
  run: (_rt, scope) => {
    const e = scope.handling();
    if (!e) fail('InvalidOperationException', 'Rethrow is only valid inside a Catch.');
    throw e;
  },
});

/** Delay: waits its Duration, interrupted at once by a cancel. */
export const delay: Factory = (node, c) => {
  const duration = c.required(node, 'Duration', 'x:TimeSpan');
  return {
    display: c.display(node),
    run: (rt, scope) => {
      const d = duration(scope);
      return sleep(d instanceof NetTimeSpan ? d.ms : 0, rt);
    },
  };
};

export const breakActivity: Factory = (node, c): Activity => ({
  display: c.display(node),
  run: () => {
    throw BREAK;
  },
});

export const continueActivity: Factory = (node, c): Activity => ({
  display: c.display(node),
  run: () => {
    throw CONTINUE;
  },
});
