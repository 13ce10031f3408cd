import { NetRef, OUT_LAST } from '../dotnet/byref';
import { canonicalType } from '../dotnet/cast';
import { staticMember } from '../dotnet/statics';
import { MISSING } from '../dotnet/strings';
import { NetDelegate, TypeRef, type Value } from '../dotnet/values';
import { callMember, getMember, memberFailure, NAMESPACE } from './access';
import { ExpressionError, typeText, type Node } from './ast';
import { isLValue, storeTo } from './lvalue';
import type { Scope } from './scope';
import { vbFunction } from './vbFunctions';

/** What a call needs of the evaluator running it. */
export interface CallSite {
  readonly vb: boolean;
  readonly scope: Scope;
  readonly text: string;
  ev(n: Node): Value;
}

/** Generic methods whose type argument is their input: Cast(Of T), OfType(Of T), Empty(Of T). */
const TYPE_ARG_METHODS = new Set(['cast', 'oftype', 'empty']);

/**
 * Instance methods C# may name without calling, as a method group (`names.Where(allowed.Contains)`).
 * Other names written without parentheses stay property reads.
 */
const INSTANCE_GROUPS = new Set([
  'contains',
  'startswith',
  'endswith',
  'equals',
  'indexof',
  'containskey',
  'containsvalue',
  'add',
  'remove',
  'enqueue',
  'ismatch',
  'match',
  'matches',
  'compareto',
  'isnull',
]);

/** A delegate calling `name` on `target` with whatever arguments it is given. */
function groupDelegate(site: CallSite, target: Value, name: string, lc: string): NetDelegate {
  const { vb, scope } = site;
  return new NetDelegate(-1, (args) => callMember(target, name, lc, args, vb, scope.host));
}

/** VB's `AddressOf [target.]Method`. */
export function methodGroup(site: CallSite, n: Extract<Node, { k: 'group' }>): NetDelegate {
  if (n.target !== null) return groupDelegate(site, site.ev(n.target), n.name, n.lc);
  return new NetDelegate(-1, (args) => {
    let r: Value | undefined;
    try {
      r = vbFunction(n.lc, args);
    } catch (e) {
      throw memberFailure(e, null, n.name, args.length, true);
    }
    if (r === undefined) throw new ExpressionError(site.text, 0, `'${n.name}' is not declared`);
    return r;
  });
}

/**
 * A C# argument written `Type.Member` or `value.Member`: a property's value, or, when the
 * member is a method, the method group (a delegate), as C# reads `list.ConvertAll(int.Parse)`.
 */
function csArgument(site: CallSite, n: Extract<Node, { k: 'member' }>): Value {
  const target = site.ev(n.target);
  if (target === null && n.nullCond) return null;
  if (target instanceof TypeRef && target.name !== NAMESPACE) {
    let r;
    try {
      r = staticMember(target.name, n.lc, null, { host: site.scope.host });
    } catch (e) {
      throw memberFailure(e, target, n.name, 0, false);
    }
    if (r !== MISSING) return r;
    return groupDelegate(site, target, n.name, n.lc);
  }
  if (target !== null && !(target instanceof TypeRef) && INSTANCE_GROUPS.has(n.lc))
    return groupDelegate(site, target, n.name, n.lc);
  return getMember(target, n.name, n.lc, false, site.scope.host);
}

/** The variables a call's ByRef arguments name, with the cells the method writes. */
export type WriteBacks = [Node, NetRef][];

/**
 * A call's arguments. C#'s `out x`/`ref x` and, in VB, a variable passed to a Try… method's
 * out parameter become cells the method writes; `writeBack` then stores their values.
 */
export function callArgs(site: CallSite, n: Extract<Node, { k: 'call' }>): { args: Value[]; refs: WriteBacks | null } {
  const nodes = n.args;
  const args = new Array<Value>(nodes.length);
  let refs: WriteBacks | null = null;
  const outLast = OUT_LAST.has(n.lc) && nodes.length > 0;
  for (let i = 0; i < nodes.length; i++) {
    const a = nodes[i];
    if (a.k === 'byref' || (outLast && i === nodes.length - 1 && isLValue(a, site.vb))) {
      const place = a.k === 'byref' ? a.e : a;
      const cell = new NetRef(site.ev(place));
      (refs ??= []).push([place, cell]);
      args[i] = cell;
    } else if (!site.vb && a.k === 'member') args[i] = csArgument(site, a);
    else args[i] = site.ev(a);
  }
  if (n.typeArgs.length === 1 && TYPE_ARG_METHODS.has(n.lc))
    args.push(new TypeRef(canonicalType(typeText(n.typeArgs[0]))));
  return { args, refs };
}

/** Stores what the method wrote into its ByRef arguments' variables. */
export function writeBack(site: CallSite, refs: WriteBacks): void {
  for (const [place, cell] of refs) storeTo(place, site.scope, site.vb, cell.value, site, site.text);
}
