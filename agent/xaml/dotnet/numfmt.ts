import { type Digits, groupThousands, roundDecimals, roundSignificant, splitDigits } from './digits';
import { fail } from './exceptions';

/**
 * Number formatting as .NET Core 3.0+ prints it in the invariant culture: "." decimal point, ","
 * group separator, "¤" currency symbol, percent as "n %", negative currency as "(¤n)".
 * `kind` says which type the digits come from: it picks the defaults of "G" and whether "D"/"X"
 * apply (integers only).
 */
export type NumKind = 'int' | 'double' | 'decimal';

export interface NumInput {
  kind: NumKind;
  /** The exact digits (every type), used by every format that rounds. */
  exact: Digits;
  /** The shortest round-trip digits (for a double's "G"/"R"; the exact digits otherwise). */
  shortest: Digits;
  /** The integer value for "X" (integers only). */
  integer?: bigint;
  /** NaN or ±Infinity for doubles. */
  special?: string;
}

const STANDARD = /^([CcDdEeFfGgNnPpRrXx])(\d{0,2})$/;

export function formatNumber(n: NumInput, format: string | null): string {
  if (n.special) return n.special;
  const fmt = format ?? '';
  if (fmt === '') return general(n, null);
  const m = STANDARD.exec(fmt);
  if (!m) return customFormat(n.exact, fmt);
  const spec = m[1].toUpperCase();
  const prec = m[2] === '' ? null : Number(m[2]);
  switch (spec) {
    case 'D':
      if (n.kind !== 'int') fail('FormatException', 'Format specifier was invalid.');
      return sign(n.exact, true) + splitDigits(n.exact)[0].padStart(prec ?? 0, '0');
    case 'F':
      return fixed(roundDecimals(n.exact, prec ?? 2), prec ?? 2, false);
    case 'N':
      return fixed(roundDecimals(n.exact, prec ?? 2), prec ?? 2, true);
    case 'P': {
      const scaled = { ...n.exact, point: n.exact.point + 2 };
      const d = roundDecimals(scaled, prec ?? 2);
      return fixed(d, prec ?? 2, true) + ' %';
    }
    case 'C': {
      const d = roundDecimals(n.exact, prec ?? 2);
      const body = '¤' + fixed({ ...d, neg: false }, prec ?? 2, true);
      return d.neg && d.digits !== '' ? `(${body})` : body;
    }
    case 'E':
      return scientific(roundSignificant(n.exact, (prec ?? 6) + 1), prec ?? 6, m[1] === 'e' ? 'e' : 'E', 3, true);
    case 'X': {
      if (n.integer === undefined) fail('FormatException', 'Format specifier was invalid.');
      const bits = n.integer < 0n ? (1n << 32n) + n.integer : n.integer;
      const hex = bits.toString(16).padStart(prec ?? 0, '0');
      return m[1] === 'X' ? hex.toUpperCase() : hex;
    }
    default:
      return general(n, spec === 'R' ? null : prec);
  }
}

function sign(d: Digits, keepNegativeZero: boolean): string {
  return d.neg && (d.digits !== '' || keepNegativeZero) ? '-' : '';
}

function fixed(d: Digits, decimals: number, group: boolean): string {
  const [intPart, frac] = splitDigits(d);
  const int = group ? groupThousands(intPart) : intPart;
  const f = decimals > 0 ? '.' + frac.padEnd(decimals, '0') : '';
  return sign(d, true) + int + f;
}

function scientific(d: Digits, decimals: number, e: string, minExp: number, padFrac: boolean): string {
  const digits = d.digits === '' ? '0' : d.digits;
  const exp = d.digits === '' ? 0 : d.point - 1;
  let frac = digits.slice(1);
  if (padFrac) frac = frac.padEnd(decimals, '0');
  const expText = Math.abs(exp).toString().padStart(minExp, '0');
  return sign(d, true) + digits[0] + (frac ? '.' + frac : '') + e + (exp < 0 ? '-' : '+') + expText;
}

/** "G": fixed notation unless the exponent is below -5 or at least the precision. */
function general(n: NumInput, prec: number | null): string {
  const d = prec === null || prec === 0 ? n.shortest : roundSignificant(n.exact, prec);
  if (n.kind === 'decimal' && prec === null) return sign(d, false) + plain(n.exact);
  const limit = prec === null || prec === 0 ? (n.kind === 'double' ? 15 : Infinity) : prec;
  const exp = d.point - 1;
  if (d.digits !== '' && (exp >= limit || exp < -4)) return scientific(d, 0, 'E', 2, false);
  return sign(d, n.kind === 'double') + plain(d);
}

function plain(d: Digits): string {
  const [intPart, frac] = splitDigits(d);
  return frac ? `${intPart}.${frac}` : intPart;
}

/** Custom numeric formats: 0 # . , % ‰ ; quoted literals and backslash escapes. */
function customFormat(value: Digits, format: string): string {
  const sections = splitSections(format);
  let section = sections[0];
  let explicitSign = false;
  if (value.neg && value.digits !== '' && sections.length > 1 && sections[1] !== '') {
    section = sections[1];
    explicitSign = true;
  }
  let v = value;
  if (/[%]/.test(stripLiterals(section))) v = { ...v, point: v.point + 2 };
  if (/‰/.test(stripLiterals(section))) v = { ...v, point: v.point + 3 };
  const plan = analyse(section);
  if (plan.scale) v = { ...v, point: v.point - 3 * plan.scale };
  const rounded = roundDecimals(v, plan.maxFrac);
  if (rounded.digits === '' && sections.length > 2 && sections[2] !== '') return customFormat(rounded, sections[2]);
  return render(section, plan, rounded, !explicitSign && rounded.neg && rounded.digits !== '');
}

function splitSections(format: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') {
      cur += c + (format[++i] ?? '');
      continue;
    } else if (c === ';') {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

function stripLiterals(section: string): string {
  return section.replace(/'[^']*'|"[^"]*"|\\./g, '');
}

interface Plan {
  intCount: number;
  firstZeroInt: number;
  minFrac: number;
  maxFrac: number;
  group: boolean;
  scale: number;
}

function analyse(section: string): Plan {
  const s = stripLiterals(section);
  const pointAt = s.indexOf('.');
  const intPart = pointAt < 0 ? s : s.slice(0, pointAt);
  const fracPart = pointAt < 0 ? '' : s.slice(pointAt + 1);
  const placeholders = intPart.replace(/[^0#]/g, '');
  const lastPh = Math.max(intPart.lastIndexOf('0'), intPart.lastIndexOf('#'));
  const firstPh = intPart.search(/[0#]/);
  const trailing = lastPh < 0 ? '' : intPart.slice(lastPh + 1);
  const scale = /^,+$/.test(trailing) ? trailing.length : 0;
  const inner = firstPh < 0 ? '' : intPart.slice(firstPh, lastPh + 1);
  const fracPh = fracPart.replace(/[^0#]/g, '');
  return {
    intCount: placeholders.length,
    firstZeroInt: placeholders.indexOf('0'),
    minFrac: fracPh.lastIndexOf('0') + 1,
    maxFrac: fracPh.length,
    group: inner.includes(','),
    scale,
  };
}

function render(section: string, plan: Plan, d: Digits, minus: boolean): string {
  const [rawInt, rawFrac] = splitDigits(d);
  const intDigits = rawInt === '0' ? '' : rawInt;
  let frac = rawFrac.padEnd(plan.minFrac, '0');
  while (frac.length > plan.minFrac && frac.endsWith('0')) frac = frac.slice(0, -1);
  let out = minus ? '-' : '';
  let intIndex = 0;
  let fracIndex = 0;
  let inFraction = false;
  const L = intDigits.length;
  const emitDigit = (r: number) => {
    out += intDigits[L - 1 - r];
    if (plan.group && r > 0 && r % 3 === 0) out += ',';
  };
  for (let i = 0; i < section.length; i++) {
    const c = section[i];
    if (c === "'" || c === '"') {
      const end = section.indexOf(c, i + 1);
      out += section.slice(i + 1, end < 0 ? section.length : end);
      i = end < 0 ? section.length : end;
    } else if (c === '\\') out += section[++i] ?? '';
    else if ((c === '0' || c === '#') && !inFraction) {
      const r = plan.intCount - 1 - intIndex;
      if (intIndex === 0) for (let k = L - 1; k > r; k--) emitDigit(k);
      if (r < L) emitDigit(r);
      else if (plan.firstZeroInt >= 0 && intIndex >= plan.firstZeroInt) out += '0';
      intIndex++;
    } else if (c === '0' || c === '#') {
      if (fracIndex < frac.length) out += frac[fracIndex];
      fracIndex++;
    } else if (c === '.' && !inFraction) {
      inFraction = true;
      if (frac.length > 0) out += '.';
    } else if (c === ',' && !inFraction) continue;
    else out += c;
  }
  return out;
}
