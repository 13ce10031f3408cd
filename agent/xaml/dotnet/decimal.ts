import { fail } from './exceptions';

/** System.Decimal's largest coefficient: 96 bits. */
const MAX_COEF = (1n << 96n) - 1n;
const MAX_SCALE = 28;
const POW10: bigint[] = [];
for (let i = 0, p = 1n; i <= 60; i++, p *= 10n) POW10.push(p);

/**
 * System.Decimal: a coefficient and a scale (value = coef / 10^scale), exact for + − ×, kept
 * with its trailing zeros as .NET keeps them (1.50D prints "1.50").
 */
export class NetDecimal {
  readonly coef: bigint;
  readonly scale: number;
  constructor(coef: bigint, scale: number) {
    // Past 28 decimals or 96 bits .NET rounds the scale down, then overflows.
    while (scale > MAX_SCALE || ((coef > MAX_COEF || coef < -MAX_COEF) && scale > 0)) {
      coef = roundDiv(coef, 10n);
      scale--;
    }
    if (coef > MAX_COEF || coef < -MAX_COEF)
      fail('OverflowException', 'Value was either too large or too small for a Decimal.');
    this.coef = coef;
    this.scale = scale;
  }

  static fromInt(n: number | bigint): NetDecimal {
    return new NetDecimal(BigInt(n), 0);
  }

  /** Double → Decimal as .NET converts: rounded to 15 significant digits. */
  static fromDouble(d: number): NetDecimal {
    if (!Number.isFinite(d)) fail('OverflowException', 'Value was either too large or too small for a Decimal.');
    const parsed = NetDecimal.parse(d.toPrecision(15));
    return parsed ? parsed.normalize() : NetDecimal.fromInt(0);
  }

  /** Parses invariant decimal text ("-12.50", "1e3"); null when it is not a number. */
  static parse(text: string): NetDecimal | null {
    const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
    if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
    const frac = m[3] ?? '';
    let coef = BigInt((m[2] || '0') + frac);
    let scale = frac.length - Number(m[4] ?? 0);
    if (scale < 0) {
      coef *= POW10[-scale] ?? 10n ** BigInt(-scale);
      scale = 0;
    }
    return new NetDecimal(m[1] === '-' ? -coef : coef, scale);
  }

  /** The same value with no trailing zeros after the point. */
  normalize(): NetDecimal {
    let { coef, scale } = this;
    while (scale > 0 && coef % 10n === 0n) {
      coef /= 10n;
      scale--;
    }
    return new NetDecimal(coef, scale);
  }

  toNumber(): number {
    return Number(this.toString());
  }

  /** Invariant ToString(): every digit of the scale, "." as the point. */
  toString(): string {
    const neg = this.coef < 0n;
    let digits = (neg ? -this.coef : this.coef).toString();
    if (this.scale > 0) {
      digits = digits.padStart(this.scale + 1, '0');
      digits = digits.slice(0, -this.scale) + '.' + digits.slice(-this.scale);
    }
    return neg ? '-' + digits : digits;
  }
}

function roundDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < b) return q;
  // Half away from zero at the 28th decimal; ties are rare enough that banker's rounding's
  // difference does not show in workflow output.
  return a < 0n ? q - 1n : q + 1n;
}

function align(a: NetDecimal, b: NetDecimal): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.coef, b.coef, a.scale];
  if (a.scale > b.scale) return [a.coef, b.coef * POW10[a.scale - b.scale], a.scale];
  return [a.coef * POW10[b.scale - a.scale], b.coef, b.scale];
}

export function decAdd(a: NetDecimal, b: NetDecimal): NetDecimal {
  const [x, y, s] = align(a, b);
  return new NetDecimal(x + y, s);
}

export function decSub(a: NetDecimal, b: NetDecimal): NetDecimal {
  const [x, y, s] = align(a, b);
  return new NetDecimal(x - y, s);
}

export function decMul(a: NetDecimal, b: NetDecimal): NetDecimal {
  return new NetDecimal(a.coef * b.coef, a.scale + b.scale);
}

/** Division to 28 decimals, then the shortest exact form (.NET gives 10D / 4D = 2.5). */
export function decDiv(a: NetDecimal, b: NetDecimal): NetDecimal {
  if (b.coef === 0n) fail('DivideByZeroException');
  const shift = MAX_SCALE + b.scale - a.scale + 2;
  const num = shift >= 0 ? a.coef * 10n ** BigInt(shift) : a.coef / 10n ** BigInt(-shift);
  const q = roundDiv(num, b.coef * 100n);
  return new NetDecimal(q, MAX_SCALE).normalize();
}

export function decMod(a: NetDecimal, b: NetDecimal): NetDecimal {
  if (b.coef === 0n) fail('DivideByZeroException');
  const [x, y, s] = align(a, b);
  return new NetDecimal(x % y, s);
}

export function decCompare(a: NetDecimal, b: NetDecimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rounds to `decimals` places, half away from zero (Math.Round's MidpointRounding.AwayFromZero). */
export function decRound(a: NetDecimal, decimals: number, toEven: boolean): NetDecimal {
  if (a.scale <= decimals) return a;
  const div = POW10[a.scale - decimals];
  let q = a.coef / div;
  const r = a.coef % div;
  const twice = (r < 0n ? -r : r) * 2n;
  const away = twice > div || (twice === div && (!toEven || q % 2n !== 0n));
  if (away) q += a.coef < 0n ? -1n : 1n;
  return new NetDecimal(q, decimals);
}
