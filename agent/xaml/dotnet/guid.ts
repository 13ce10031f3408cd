import { randomBytes } from 'node:crypto';
import { need } from './calls';
import { outCell } from './byref';
import { fail } from './exceptions';
import { attempt } from './valueStatics';
import { textOrEmpty } from './text';
import { MISSING, NetInstance, registerValueDefault, type Value } from './values';

const EMPTY_HEX = '0'.repeat(32);

/** System.Guid: 16 bytes kept as 32 lowercase hex digits (its "N" form); equal by value. */
export class NetGuid extends NetInstance {
  readonly netType = 'Guid';
  readonly netNamespace = 'System';
  constructor(readonly hex: string) {
    super();
  }

  static readonly empty = new NetGuid(EMPTY_HEX);

  /** Guid.NewGuid(): a version 4 (random) GUID, as .NET makes one. */
  static random(): NetGuid {
    const b = randomBytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    return new NetGuid(b.toString('hex'));
  }

  /** ToString(format): N, D (the default), B, P or X, in either case; the digits are lowercase. */
  format(spec: string | null): string {
    const h = this.hex;
    const d = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    switch (spec === null || spec === '' ? 'D' : spec.toUpperCase()) {
      case 'N':
        return h;
      case 'D':
        return d;
      case 'B':
        return `{${d}}`;
      case 'P':
        return `(${d})`;
      case 'X': {
        const bytes = h.slice(16).match(/../g) ?? [];
        return `{0x${h.slice(0, 8)},0x${h.slice(8, 12)},0x${h.slice(12, 16)},{${bytes.map((x) => '0x' + x).join(',')}}}`;
      }
    }
    return fail('FormatException', 'Format string can be only "D", "d", "N", "n", "P", "p", "B", "b", "X" or "x".');
  }

  override toText(): string {
    return this.format(null);
  }

  member(lc: string, args: Value[]): Value | typeof MISSING {
    if (lc === 'tostring') {
      need(args, 0, 2);
      return this.format(args.length && args[0] !== null ? textOrEmpty(args[0]) : null);
    }
    if (lc === 'equals') {
      need(args, 1, 1);
      return this.sameAs(args[0]);
    }
    if (lc === 'compareto') {
      need(args, 1, 1);
      const o = args[0];
      if (o === null) return 1;
      if (!(o instanceof NetGuid)) return fail('ArgumentException', 'Object must be of type GUID.');
      return this.hex < o.hex ? -1 : this.hex > o.hex ? 1 : 0;
    }
    return MISSING;
  }

  override sameAs(other: Value): boolean {
    return other instanceof NetGuid && other.hex === this.hex;
  }

  override identity(): unknown {
    return 'g:' + this.hex;
  }
}

registerValueDefault('Guid', () => NetGuid.empty);

const HEX = '[0-9a-fA-F]';
const D_FORM = new RegExp(`^(${HEX}{8})-(${HEX}{4})-(${HEX}{4})-(${HEX}{4})-(${HEX}{12})$`);
const X_FORM = new RegExp(
  `^\\{0[xX](${HEX}{8}),0[xX](${HEX}{4}),0[xX](${HEX}{4}),\\{${Array(8).fill(`0[xX](${HEX}{2})`).join(',')}\\}\\}$`,
);

/**
 * Guid.Parse: the N, D, B, P and X forms (hex digits in either case), with white space around
 * them. Nothing is ArgumentNullException, anything else FormatException.
 */
export function parseGuid(v: Value | undefined): NetGuid {
  if (v === null || v === undefined) return fail('ArgumentNullException', "Value cannot be null. (Parameter 'input')");
  const s = textOrEmpty(v).trim();
  let hex: string | null = null;
  if (/^[0-9a-fA-F]{32}$/.test(s)) hex = s;
  else {
    const inner = /^\{(.*)\}$/.exec(s)?.[1] ?? /^\((.*)\)$/.exec(s)?.[1] ?? s;
    const d = D_FORM.exec(inner);
    if (d) hex = d.slice(1).join('');
    else {
      const x = X_FORM.exec(s);
      if (x) hex = x.slice(1).join('');
    }
  }
  if (hex === null) return fail('FormatException', 'Unrecognized Guid format.');
  return new NetGuid(hex.toLowerCase());
}

/** Guid's static members: NewGuid, Parse, TryParse, Empty. */
export function guidStatic(lc: string, a: Value[], property: boolean): Value | typeof MISSING {
  if (property) return lc === 'empty' ? NetGuid.empty : MISSING;
  switch (lc) {
    case 'newguid':
      need(a, 0, 0);
      return NetGuid.random();
    case 'parse':
      need(a, 1, 2);
      return parseGuid(a[0]);
    case 'tryparse':
      return attempt(outCell(a), () => (a[0] === null ? null : parseGuid(a[0])), NetGuid.empty);
  }
  return MISSING;
}

/** New Guid(text) reads text as Parse does; New Guid() is Guid.Empty. */
export function constructGuid(args: Value[]): NetGuid {
  need(args, 0, 1);
  return args.length ? parseGuid(args[0]) : NetGuid.empty;
}
