import { BadCall } from '../dotnet/calls';
import { toInt32 } from '../dotnet/cast';
import { DataColumnCollection, DataRow, DataRowCollection } from '../dotnet/datatable';
import { fail, MESSAGES, NetError, NetException } from '../dotnet/exceptions';
import { linqMember } from '../dotnet/linq';
import { dictionaryGet, dictionarySet } from '../dotnet/collections';
import { instanceMember } from '../dotnet/objects';
import { NAMESPACES, STATIC_TYPES, staticMember } from '../dotnet/statics';
import { MISSING, type Found } from '../dotnet/strings';
import { typeName } from '../dotnet/text';
import { JToken } from '../dotnet/jtoken';
import { setTokenChild, tokenChild } from '../dotnet/jsonConvert';
import {
  NetArray,
  NetChar,
  NetDelegate,
  NetDictionary,
  NetInstance,
  NetList,
  TypeRef,
  type Value,
} from '../dotnet/values';
import type { Host } from '../dotnet/host';
import { ExpressionError } from './ast';

export const NAMESPACE = '#namespace';
const EMPTY: Value[] = [];
/** Properties VB indexes directly: dt.Rows(0) is dt.Rows.Item(0), not a call of Rows. */
const INDEXED_PROPERTIES = new Set(['rows', 'columns', 'keys', 'values', 'itemarray']);

/** C# members are PascalCase, as every .NET member is: a name written otherwise does not exist. */
function csNameOk(name: string, vb: boolean): boolean {
  return vb || (name.charCodeAt(0) >= 65 && name.charCodeAt(0) <= 90);
}

function ownerName(target: Value): string {
  return target instanceof TypeRef ? target.name : typeName(target);
}

/** An unknown member: VB's late binder's words, or the C# compiler's. */
export function missingMember(target: Value, name: string, vb = true): never {
  const owner = ownerName(target);
  return fail(
    'MissingMemberException',
    vb
      ? `Public member '${name}' on type '${owner}' not found.`
      : `'${owner}' does not contain a definition for '${name}'`,
  );
}

/**
 * What a member threw, as the exception .NET raises: a call no overload of the member fits
 * (BadCall, or a JavaScript error from arguments of a shape the member cannot take) is a
 * MissingMemberException in the words of VB's late binder or of the C# compiler. .NET
 * exceptions and expression errors pass unchanged.
 */
export function memberFailure(e: unknown, target: Value, name: string, argc: number, vb: boolean): unknown {
  if (e instanceof NetError || e instanceof ExpressionError || !(e instanceof BadCall || e instanceof Error)) return e;
  const arity = e instanceof BadCall ? e.kind === 'arity' : argc === 0;
  const message = vb
    ? arity
      ? `Overload resolution failed because no accessible '${name}' accepts this number of arguments.`
      : `Overload resolution failed because no Public '${name}' can be called with these arguments.`
    : arity
      ? `No overload for method '${name}' takes ${argc} arguments`
      : `The best overloaded method match for '${ownerName(target)}.${name}' has some invalid arguments`;
  return new NetError(new NetException('MissingMemberException', message));
}

/** A static type or namespace named by `name`, or null. */
export function typeNamed(name: string, lc: string, vb: boolean): TypeRef | null {
  const t = STATIC_TYPES.get(lc);
  if (t && (vb || t === name || lc === name)) return new TypeRef(t);
  if (NAMESPACES.has(lc) && (vb || name[0] === name[0].toUpperCase())) return new TypeRef(NAMESPACE);
  return null;
}

/** `target.name` without arguments: a property, or in VB a method called without parentheses. */
export function getMember(target: Value, name: string, lc: string, vb: boolean, host: Host): Value {
  if (target instanceof TypeRef && target.name === NAMESPACE) {
    return typeNamed(name, lc, vb) ?? missingMember(target, name, vb);
  }
  if (!csNameOk(name, vb)) return missingMember(target, name, vb);
  let r: Found;
  try {
    if (target instanceof TypeRef) {
      r = staticMember(target.name, lc, null, { host });
      if (r === MISSING && vb) r = staticMember(target.name, lc, EMPTY, { host });
      // GetType(T).Name / typeof(T).Name: the type object's own properties.
      if (r === MISSING && (lc === 'name' || lc === 'fullname'))
        r = lc === 'name' ? target.name : `System.${target.name}`;
    } else {
      r = instanceMember(target, lc, EMPTY);
      if (r === MISSING) r = linqMember(target, lc, EMPTY);
    }
    if (r === undefined) throw new BadCall('arity');
  } catch (e) {
    throw memberFailure(e, target, name, 0, vb);
  }
  return r === MISSING ? missingMember(target, name, vb) : r;
}

/** `target.name(args)`: a method, or in VB a property indexed by the arguments (dt.Rows(0)). */
export function callMember(target: Value, name: string, lc: string, args: Value[], vb: boolean, host: Host): Value {
  if (!csNameOk(name, vb)) return missingMember(target, name, vb);
  if (vb && INDEXED_PROPERTIES.has(lc) && !(target instanceof TypeRef))
    return getIndex(getMember(target, name, lc, vb, host), args);
  let r: Found;
  try {
    if (target instanceof TypeRef) r = staticMember(target.name, lc, args, { host });
    else {
      r = instanceMember(target, lc, args);
      if (r === MISSING) r = linqMember(target, lc, args);
    }
    if (r === undefined) throw new BadCall('shape');
  } catch (e) {
    throw memberFailure(e, target, name, args.length, vb);
  }
  if (r !== MISSING) return r;
  if (vb && args.length > 0) return getIndex(getMember(target, name, lc, vb, host), args);
  return missingMember(target, name, vb);
}

function listIndex(v: Value, length: number, list: boolean): number {
  const i = toInt32(v);
  if (i < 0 || i >= length)
    fail(
      list ? 'ArgumentOutOfRangeException' : 'IndexOutOfRangeException',
      list ? MESSAGES.argumentOutOfRange : MESSAGES.indexOutOfRange,
    );
  return i;
}

/** `target(args)` in VB, `target[args]` in C#: indexers, and calling a lambda. */
export function getIndex(target: Value, args: Value[]): Value {
  const a = args[0] ?? null;
  if (target === null) fail('NullReferenceException', MESSAGES.nullReference);
  try {
    if (target instanceof NetArray || target instanceof NetList)
      return target.items[listIndex(a, target.items.length, target instanceof NetList)];
    if (target instanceof NetDictionary) return dictionaryGet(target, a);
    if (target instanceof DataRow) return target.get(a);
    if (target instanceof JToken) return tokenChild(target, a);
    if (target instanceof DataRowCollection) return target.get(toInt32(a));
    if (target instanceof DataColumnCollection) return target.get(a);
    if (typeof target === 'string') return new NetChar(target[listIndex(a, target.length, false)]);
    if (target instanceof NetDelegate) return target.fn(args);
    if (target instanceof NetInstance) {
      const r = target.member('item', args);
      if (r !== MISSING) return r;
    }
  } catch (e) {
    throw memberFailure(e, target, 'Item', args.length, true);
  }
  return fail('MissingMemberException', `No default member found for type '${typeName(target)}'.`);
}

export function setIndex(target: Value, args: Value[], value: Value): void {
  const a = args[0] ?? null;
  if (target === null) fail('NullReferenceException', MESSAGES.nullReference);
  if (target instanceof NetArray || target instanceof NetList)
    target.items[listIndex(a, target.items.length, target instanceof NetList)] = value;
  else if (target instanceof NetDictionary) dictionarySet(target, a, value);
  else if (target instanceof DataRow) target.set(a, value);
  else if (target instanceof JToken) setTokenChild(target, a, value);
  else fail('MissingMemberException', `No default member found for type '${typeName(target)}'.`);
}
