import type { Host } from '../dotnet/host';
import type { Value } from '../dotnet/values';

export const NOT_FOUND = Symbol('not found');

/**
 * Where an expression's names live. VB looks names up ignoring case, C# exactly: `ignoreCase`
 * says which. The runner implements this over its variables and arguments; `Variables` below is
 * a ready one.
 */
export interface Scope {
  get(name: string, ignoreCase: boolean): Value | typeof NOT_FOUND;
  /** Sets an existing name; false when the scope has no such name. */
  set(name: string, ignoreCase: boolean, value: Value): boolean;
  /** File system and environment for File.*, Directory.*, Environment.*. */
  readonly host: Host;
}

/** Named values with an optional parent scope (an inner Sequence's variables over the outer ones). */
export class Variables implements Scope {
  private readonly values = new Map<string, Value>();
  private readonly lower = new Map<string, string>();
  constructor(
    readonly host: Host,
    private readonly parent: Scope | null = null,
  ) {}

  declare(name: string, value: Value): this {
    this.values.set(name, value);
    this.lower.set(name.toLowerCase(), name);
    return this;
  }

  private own(name: string, ignoreCase: boolean): string | undefined {
    if (this.values.has(name)) return name;
    return ignoreCase ? this.lower.get(name.toLowerCase()) : undefined;
  }

  get(name: string, ignoreCase: boolean): Value | typeof NOT_FOUND {
    const v = this.values.get(name);
    if (v !== undefined) return v;
    const key = this.own(name, ignoreCase);
    if (key !== undefined) return this.values.get(key) ?? null;
    return this.parent ? this.parent.get(name, ignoreCase) : NOT_FOUND;
  }

  set(name: string, ignoreCase: boolean, value: Value): boolean {
    const key = this.own(name, ignoreCase);
    if (key !== undefined) {
      this.values.set(key, value);
      return true;
    }
    return this.parent ? this.parent.set(name, ignoreCase, value) : false;
  }
}

/** A lambda's parameters over the scope the lambda was written in. */
export class ParamScope implements Scope {
  readonly host: Host;
  private readonly values: Value[];
  constructor(
    private readonly names: string[],
    args: Value[],
    private readonly parent: Scope,
  ) {
    this.host = parent.host;
    this.values = args.slice();
  }

  private index(name: string, ignoreCase: boolean): number {
    for (let i = 0; i < this.names.length; i++) {
      const n = this.names[i];
      if (n === name || (ignoreCase && n.toLowerCase() === name.toLowerCase())) return i;
    }
    return -1;
  }

  get(name: string, ignoreCase: boolean): Value | typeof NOT_FOUND {
    const i = this.index(name, ignoreCase);
    return i >= 0 ? (this.values[i] ?? null) : this.parent.get(name, ignoreCase);
  }

  set(name: string, ignoreCase: boolean, value: Value): boolean {
    const i = this.index(name, ignoreCase);
    if (i < 0) return this.parent.set(name, ignoreCase, value);
    this.values[i] = value;
    return true;
  }
}
