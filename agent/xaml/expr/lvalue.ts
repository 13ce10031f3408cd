import { fail } from '../dotnet/exceptions';
import { textOrEmpty } from '../dotnet/text';
import type { Value } from '../dotnet/values';
import { setIndex } from './access';
import { ExpressionError, type Node } from './ast';
import { NOT_FOUND, type Scope } from './scope';

/** Whether a node names something a value can be stored into (a variable, an element, a property). */
export function isLValue(n: Node, vb: boolean): boolean {
  return (
    n.k === 'id' ||
    n.k === 'index' ||
    n.k === 'member' ||
    (n.k === 'call' && (n.target === null || n.lc === 'item' || vb))
  );
}

/** What storing needs of the evaluator: the value of a node (an index, a target). */
export interface NodeEvaluator {
  ev(n: Node): Value;
}

function values(ev: NodeEvaluator, nodes: Node[]): Value[] {
  const out = new Array<Value>(nodes.length);
  for (let i = 0; i < nodes.length; i++) out[i] = ev.ev(nodes[i]);
  return out;
}

/**
 * Stores `value` where node `n` points: a variable, an indexer (dict("k"), row("col"), arr(i)),
 * or a writable property. `ev` evaluates the node's parts; `text` is the expression for errors.
 * Assign and ByRef arguments both store through here (every Assign of a loop: no closure is
 * made per store).
 */
export function storeTo(n: Node, scope: Scope, vb: boolean, value: Value, ev: NodeEvaluator, text: string): void {
  if (n.k === 'id') {
    if (!scope.set(n.name, vb, value)) throw new ExpressionError(text, n.pos, `'${n.name}' is not declared`);
  } else if (n.k === 'index') setIndex(ev.ev(n.target), values(ev, n.args), value);
  else if (n.k === 'call' && n.target === null) {
    const target = scope.get(n.name, vb);
    if (target === NOT_FOUND) throw new ExpressionError(text, 0, `'${n.name}' is not declared`);
    setIndex(target, values(ev, n.args), value);
  } else if (n.k === 'call' && n.lc === 'item' && n.target) setIndex(ev.ev(n.target), values(ev, n.args), value);
  else if (n.k === 'call' && vb && n.target)
    setIndex(
      ev.ev({ k: 'member', target: n.target, name: n.name, lc: n.lc, nullCond: false }),
      values(ev, n.args),
      value,
    );
  else if (n.k === 'member') setProperty(ev.ev(n.target), n.lc, n.name, value);
  else throw new ExpressionError(text, 0, 'This expression cannot be assigned to');
}

function setProperty(target: Value, lc: string, name: string, value: Value): void {
  if (target !== null && typeof target === 'object' && 'tableName' in target && lc === 'tablename')
    target.tableName = textOrEmpty(value);
  else if (target !== null && typeof target === 'object' && 'columnName' in target && lc === 'columnname')
    target.columnName = textOrEmpty(value);
  else fail('MissingMemberException', `Property '${name}' is ReadOnly or does not exist.`);
}
