import { negate } from '../dotnet/arith';
import { canonicalType, convertTo, isInstanceOf, toBoolean, toInt32 } from '../dotnet/cast';
import { construct } from '../dotnet/construct';
import { NetDateTime } from '../dotnet/datetime';
import { enumMember } from '../dotnet/enums';
import { fail } from '../dotnet/exceptions';
import { formatValue, textOrEmpty } from '../dotnet/text';
import { NetArray, NetDelegate, NetDictionary, NetEnum, NetList, TypeRef, type Value } from '../dotnet/values';
import { callMember, getIndex, getMember, memberFailure, typeNamed } from './access';
import { callArgs, methodGroup, writeBack, type CallSite } from './invoke';
import { ExpressionError, typeText, type Expr, type Node, type TypeSpec } from './ast';
import { vbFunction } from './vbFunctions';
import { NOT_FOUND, ParamScope, type Scope } from './scope';
import { castValue, inferType } from './casts';
import { binaryOp } from './operators';

const CONVERTING_GENERICS = new Set(['field', 'getvalue', 'value', 'toobject', 'deserializeobject']);

/** VB's global constants and clock, looked up after variables. */
export function vbGlobal(lc: string): Value | undefined {
  switch (lc) {
    case 'vbcrlf':
    case 'vbnewline':
      return '\r\n';
    case 'vblf':
      return '\n';
    case 'vbcr':
      return '\r';
    case 'vbtab':
      return '\t';
    case 'vbnullchar':
      return '\0';
    case 'vbback':
      return '\b';
    case 'vbformfeed':
      return '\f';
    case 'vbverticaltab':
      return '\v';
    case 'vbuppercase':
    case 'vblowercase':
    case 'vbpropercase':
      return enumMember('VbStrConv', lc.slice(2)) as NetEnum;
    case 'vbbinarycompare':
    case 'vbtextcompare':
      return enumMember('CompareMethod', lc.slice(2, -7)) as NetEnum;
    case 'now':
      return NetDateTime.now();
    case 'today':
      return NetDateTime.today();
  }
  return undefined;
}

/** Evaluates a parsed expression. .NET errors are thrown as NetError (catchable by type). */
export function evaluate(expr: Expr, scope: Scope): Value {
  return new Evaluator(expr, scope).ev(expr.root);
}

function typeArgNames(t: TypeSpec): string[] {
  return t.args.map((a) => canonicalType(typeText(a)));
}

export class Evaluator implements CallSite {
  readonly vb: boolean;
  readonly text: string;
  constructor(
    private readonly expr: Expr,
    readonly scope: Scope,
  ) {
    this.vb = expr.lang === 'vb';
    this.text = expr.text;
  }

  private undeclared(name: string, pos: number): never {
    throw new ExpressionError(this.expr.text, pos, `'${name}' is not declared`);
  }

  ev(n: Node): Value {
    const vb = this.vb;
    switch (n.k) {
      case 'lit':
        return n.value;
      case 'id': {
        const v = this.scope.get(n.name, vb);
        if (v !== NOT_FOUND) return v;
        const g = vb ? vbGlobal(n.lc) : undefined;
        if (g !== undefined) return g;
        return typeNamed(n.name, n.lc, vb) ?? this.undeclared(n.name, n.pos);
      }
      case 'member': {
        const t = this.ev(n.target);
        if (t === null && n.nullCond) return null;
        return getMember(t, n.name, n.lc, vb, this.scope.host);
      }
      case 'call':
        return this.call(n);
      case 'index':
        return getIndex(this.ev(n.target), this.args(n.args));
      case 'bin':
        return this.binary(n.op, n.l, n.r);
      case 'not': {
        const v = this.ev(n.e);
        if (typeof v === 'number' && vb) return ~v;
        return !toBoolean(v);
      }
      case 'neg':
        return negate(this.ev(n.e), vb);
      case 'cond':
        return toBoolean(this.ev(n.c)) ? this.ev(n.a) : this.ev(n.b);
      case 'new':
        return this.construct(n.type, n.args, n.init);
      case 'array':
        return this.array(n.type, n.size, n.items);
      case 'lambda': {
        const { params, body } = n;
        const scope = this.scope;
        return new NetDelegate(params.length, (args) =>
          new Evaluator(this.expr, new ParamScope(params, args, scope)).ev(body),
        );
      }
      case 'typeis':
        return isInstanceOf(this.ev(n.e), typeText(n.type)) !== n.negate;
      case 'cast':
        return castValue(n.fn, this.ev(n.e), n.type);
      case 'gettype':
        return new TypeRef(canonicalType(typeText(n.type)));
      case 'group':
        return methodGroup(this, n);
      case 'byref':
        return this.ev(n.e);
      case 'interp': {
        let out = '';
        for (const p of n.parts) {
          if (typeof p === 'string') out += p;
          else {
            const v = this.ev(p.e);
            out += v === null ? '' : p.format === null ? textOrEmpty(v) : formatValue(v, p.format);
          }
        }
        return out;
      }
    }
  }

  private args(nodes: Node[]): Value[] {
    const out = new Array<Value>(nodes.length);
    for (let i = 0; i < nodes.length; i++) out[i] = this.ev(nodes[i]);
    return out;
  }

  private call(n: Extract<Node, { k: 'call' }>): Value {
    const vb = this.vb;
    if (n.target === null) {
      const v = this.scope.get(n.name, vb);
      if (v !== NOT_FOUND) return getIndex(v, this.args(n.args));
      const args = this.args(n.args);
      let r: Value | undefined;
      try {
        r = vb ? vbFunction(n.lc, args) : undefined;
      } catch (e) {
        throw memberFailure(e, null, n.name, args.length, vb);
      }
      return r !== undefined ? r : this.undeclared(n.name, 0);
    }
    const t = this.ev(n.target);
    if (t === null && n.nullCond) return null;
    const { args, refs } = callArgs(this, n);
    const r = callMember(t, n.name, n.lc, args, vb, this.scope.host);
    if (refs) writeBack(this, refs);
    // Field(Of T)("col"), Value(Of T)("key"), ToObject(Of T) and DeserializeObject(Of T)(text)
    // convert to their type argument.
    if (n.typeArgs.length === 1 && CONVERTING_GENERICS.has(n.lc))
      return r === null ? null : convertTo(r, typeText(n.typeArgs[0]));
    return r;
  }

  private binary(op: string, ln: Node, rn: Node): Value {
    const vb = this.vb;
    if (op === 'AndAlso') return toBoolean(this.ev(ln)) && toBoolean(this.ev(rn));
    if (op === 'OrElse') return toBoolean(this.ev(ln)) || toBoolean(this.ev(rn));
    const l = this.ev(ln);
    if (op === 'Coalesce') return l !== null ? l : this.ev(rn);
    return binaryOp(op, l, this.ev(rn), vb);
  }

  private construct(type: TypeSpec, argNodes: Node[], init: Node[] | null): Value {
    const args = this.args(argNodes);
    let v: Value | undefined;
    try {
      v = construct(type.name, typeArgNames(type), args, this.scope.host);
    } catch (e) {
      throw memberFailure(e, new TypeRef(canonicalType(type.name)), 'New', args.length, this.vb);
    }
    if (v === undefined) throw new ExpressionError(this.expr.text, 0, `Type '${typeText(type)}' is not supported`);
    if (init) {
      for (const item of init) {
        if (v instanceof NetDictionary) {
          const pair = item.k === 'array' ? this.args(item.items) : [];
          if (pair.length !== 2)
            throw new ExpressionError(this.expr.text, 0, 'A dictionary initializer item is {key, value}');
          callMember(v, 'Add', 'add', pair, true, this.scope.host);
        } else if (v instanceof NetList) v.items.push(this.ev(item));
        else throw new ExpressionError(this.expr.text, 0, `'${typeText(type)}' has no collection initializer`);
      }
    }
    return v;
  }

  private array(type: TypeSpec | null, size: Node | null, itemNodes: Node[]): Value {
    const items = this.args(itemNodes);
    let elementType = type ? canonicalType(typeText(type)) : inferType(items);
    if (elementType === 'Object[]' || elementType.endsWith('[]')) elementType = elementType.slice(0, -2) + '[]';
    if (size && items.length === 0) {
      const n = toInt32(this.ev(size)) + (this.vb ? 1 : 0);
      // VB's New T(-1) {} is empty; a smaller bound (or a negative C# size) is an overflow.
      if (n < 0) fail('OverflowException', 'Arithmetic operation resulted in an overflow.');
      const fill: Value = elementType === 'Int32' ? 0 : elementType === 'Boolean' ? false : null;
      return new NetArray(elementType, new Array<Value>(n).fill(fill));
    }
    return new NetArray(elementType, type ? items.map((v) => (v === null ? null : convertTo(v, elementType))) : items);
  }
}
