import { canonicalType, convertTo } from '../dotnet/cast';
import type { NetError } from '../dotnet/exceptions';
import type { Host } from '../dotnet/host';
import type { Value } from '../dotnet/values';
import { NOT_FOUND, type Scope } from '../expr/scope';

/** Converts a value to a declared type; the identity for Object and for values already of the type. */
export type Conv = (v: Value) => Value;

const identity: Conv = (v) => v;

/** A converter for a type as written (`x:Int32`, `scg:List(x:String)`), resolved once at load. */
export function converter(written: string | undefined): Conv {
  if (!written) return identity;
  const t = canonicalType(written);
  switch (t) {
    case 'Object':
      return identity;
    case 'String':
      return (v) => (typeof v === 'string' || v === null ? v : convertTo(v, t));
    case 'Int32':
      return (v) => (typeof v === 'number' ? v : convertTo(v, t));
    case 'Boolean':
      return (v) => (typeof v === 'boolean' ? v : convertTo(v, t));
  }
  return (v) => convertTo(v, written);
}

/** The value a variable or argument of a type has before anything sets it (0, False, Nothing…): default(T). */
export function zeroOf(type: string): Value {
  try {
    return converter(type)(null);
  } catch {
    return null;
  }
}

/**
 * A CompensableActivity whose Body completed, as the scopes around it keep it: compensated or
 * confirmed once, by a Compensate or Confirm naming its token, by the one enclosing it, or at the
 * end of the run (see activities/compensation.ts).
 */
export interface CompensationRecord {
  state: 'completed' | 'compensated' | 'confirmed';
  /** Runs its compensation or confirmation handler, then that default for its own children. */
  settle(kind: 'compensate' | 'confirm'): Promise<void>;
}

/**
 * One scope of variables (or a workflow's arguments, or a loop's item) over its parent. Each
 * name keeps its declared type: a value set into it is converted as VB converts on assignment.
 * Lookups try the exact name along the whole chain first, so case-insensitive VB lookups pay
 * for lowercasing only when the case differs.
 */
export class Frame implements Scope {
  private readonly names: string[] = [];
  private readonly lower: string[] = [];
  private readonly convs: Conv[] = [];
  readonly values: Value[] = [];
  /** The exception a Catch handles, for Rethrow. */
  caught: NetError | null = null;
  /** Set on the scope a TryCatch's Try (or a RetryScope's body) runs in: whether it handles `e`. */
  catches: ((e: NetError) => boolean) | null = null;
  /** On an invoked workflow's own scope: the invoking activity's scope, where its exceptions go. */
  caller: Frame | null = null;
  /** On a CompensableActivity's Body scope: where the compensable activities completing inside go. */
  compensables: CompensationRecord[] | null = null;
  /** On a compensation handler's scope: the children a Compensate or Confirm without Target settles. */
  handlerChildren: CompensationRecord[] | null = null;

  constructor(
    readonly host: Host,
    readonly parent: Frame | null,
  ) {}

  declare(name: string, conv: Conv, value: Value): void {
    const i = this.names.indexOf(name);
    if (i >= 0) {
      this.values[i] = value;
      this.convs[i] = conv;
      return;
    }
    this.names.push(name);
    this.lower.push(name.toLowerCase());
    this.convs.push(conv);
    this.values.push(value);
  }

  get(name: string, ignoreCase: boolean): Value | typeof NOT_FOUND {
    const v = this.exact(name);
    return v !== NOT_FOUND || !ignoreCase ? v : this.anyCase(name.toLowerCase());
  }

  private exact(name: string): Value | typeof NOT_FOUND {
    const i = this.names.indexOf(name);
    if (i >= 0) return this.values[i];
    return this.parent ? this.parent.exact(name) : NOT_FOUND;
  }

  private anyCase(lc: string): Value | typeof NOT_FOUND {
    const i = this.lower.indexOf(lc);
    if (i >= 0) return this.values[i];
    return this.parent ? this.parent.anyCase(lc) : NOT_FOUND;
  }

  set(name: string, ignoreCase: boolean, value: Value): boolean {
    return this.setExact(name, value) || (ignoreCase && this.setAnyCase(name.toLowerCase(), value));
  }

  private setExact(name: string, value: Value): boolean {
    const i = this.names.indexOf(name);
    if (i < 0) return this.parent ? this.parent.setExact(name, value) : false;
    this.values[i] = this.convs[i](value);
    return true;
  }

  private setAnyCase(lc: string, value: Value): boolean {
    const i = this.lower.indexOf(lc);
    if (i < 0) return this.parent ? this.parent.setAnyCase(lc, value) : false;
    this.values[i] = this.convs[i](value);
    return true;
  }

  /**
   * Whether something around this scope handles `e`: a TryCatch whose Try encloses it, a
   * RetryScope with runs left, through invoking workflows up to the main one.
   */
  willCatch(e: NetError): boolean {
    if (this.catches?.(e)) return true;
    const outer = this.parent ?? this.caller;
    return outer ? outer.willCatch(e) : false;
  }

  /** The nearest enclosing scope's own value of `key`, through invoking workflows. */
  nearest<K extends 'compensables' | 'handlerChildren'>(key: K): Frame[K] {
    const own = this[key];
    if (own) return own;
    const outer = this.parent ?? this.caller;
    return outer ? outer.nearest(key) : null;
  }

  /** The exception being handled by the innermost enclosing Catch. */
  handling(): NetError | null {
    return this.caught ?? (this.parent ? this.parent.handling() : null);
  }
}
