/**
 * A number as its decimal digits, so that every numeric type formats through the same code and
 * rounds on its exact value, as .NET Core 3.0+ does: value = 0.<digits> × 10^point, with no
 * leading zero in `digits` ("" for zero). 123.45 is ("12345", 3); 0.0012 is ("12", -2).
 */
export interface Digits {
  neg: boolean;
  digits: string;
  point: number;
}

function trimZeros(neg: boolean, raw: string, point: number): Digits {
  let start = 0;
  while (start < raw.length && raw[start] === '0') start++;
  let end = raw.length;
  while (end > start && raw[end - 1] === '0') end--;
  if (start === end) return { neg, digits: '', point: 0 };
  return { neg, digits: raw.slice(start, end), point: point - start };
}

export function integerDigits(n: number | bigint): Digits {
  const neg = n < 0;
  const raw = (neg ? -n : n).toString();
  return trimZeros(neg, raw, raw.length);
}

/** The exact decimal expansion of a double (every binary fraction has a finite one). */
export function exactDoubleDigits(x: number): Digits {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  if (a === 0) return { neg, digits: '', point: 0 };
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, a);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (exp === 0) e2 = -1074;
  else {
    mant |= 1n << 52n;
    e2 = exp - 1075;
  }
  if (e2 >= 0) return { ...integerDigits(mant << BigInt(e2)), neg };
  const raw = (mant * 5n ** BigInt(-e2)).toString();
  return trimZeros(neg, raw, raw.length + e2);
}

/** The shortest digits that read back as the same double (.NET Core 3.0+'s default ToString). */
export function shortestDoubleDigits(x: number): Digits {
  const neg = x < 0 || Object.is(x, -0);
  if (x === 0) return { neg, digits: '', point: 0 };
  const [mant, exp] = Math.abs(x).toExponential().split('e');
  return trimZeros(neg, mant.replace('.', ''), Number(exp) + 1);
}

export function decimalDigits(coef: bigint, scale: number): Digits {
  const neg = coef < 0n;
  const raw = (neg ? -coef : coef).toString();
  return trimZeros(neg, raw, raw.length - scale);
}

/** Rounds half away from zero, keeping `keep` digits from the start of `digits`. */
function roundAt(d: Digits, keep: number): Digits {
  if (keep >= d.digits.length) return d;
  if (keep < 0) return { neg: d.neg, digits: '', point: 0 };
  const up = d.digits.charCodeAt(keep) >= 53; // '5'
  let head = d.digits.slice(0, keep);
  let point = d.point;
  if (up) {
    let i = head.length - 1;
    while (i >= 0 && head[i] === '9') i--;
    if (i < 0) {
      head = '1';
      point++;
    } else head = head.slice(0, i) + String.fromCharCode(head.charCodeAt(i) + 1);
  }
  return trimZeros(d.neg, head, point);
}

/** Rounded to `decimals` places after the point. */
export function roundDecimals(d: Digits, decimals: number): Digits {
  return roundAt(d, d.point + decimals);
}

/** Rounded to `n` significant digits. */
export function roundSignificant(d: Digits, n: number): Digits {
  return roundAt(d, n);
}

/** The integer part's digits ("0" when none) and the fraction's digits, unpadded. */
export function splitDigits(d: Digits): [string, string] {
  const { digits, point } = d;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

export function groupThousands(intPart: string): string {
  let out = '';
  for (let i = 0; i < intPart.length; i++) {
    if (i > 0 && (intPart.length - i) % 3 === 0) out += ',';
    out += intPart[i];
  }
  return out;
}
