import { canonicalType, convertTo, parseInt32 } from '../dotnet/cast';
import { NetTimeSpan } from '../dotnet/datetime';
import { NetError } from '../dotnet/exceptions';
import { NetDouble, type Value } from '../dotnet/values';
import { parseNumberText } from '../dotnet/cast';

/** TimeSpan's invariant text: [-][d.]hh:mm[:ss[.fffffff]], or a whole number of days. */
export function parseTimeSpan(text: string): NetTimeSpan | null {
  const m = /^\s*(-)?(?:(\d+)\.)?(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,7}))?)?\s*$/.exec(text);
  if (!m) return /^\s*-?\d+\s*$/.test(text) ? new NetTimeSpan(Number(text) * 86_400_000) : null;
  const [, neg, d, h, mi, s, f] = m;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  const ms =
    ((Number(d ?? 0) * 24 + Number(h)) * 60 + Number(mi)) * 60_000 +
    Number(s ?? 0) * 1000 +
    (f ? Number(f.padEnd(7, '0')) / 10_000 : 0);
  return new NetTimeSpan(neg ? -ms : ms);
}

/**
 * A literal value written as text (a XAML attribute, an argument's default, a Run dialog
 * parameter) as the type `written` reads it; null when the text is no such value.
 */
export function literalOf(text: string, written: string): { value: Value } | null {
  const t = canonicalType(written);
  try {
    switch (t) {
      case 'String':
      case 'Object':
        return { value: text };
      case 'Int32':
        return { value: parseInt32(text) };
      case 'Boolean': {
        const b = text.trim().toLowerCase();
        return b === 'true' || b === 'false' ? { value: b === 'true' } : null;
      }
      case 'Double': {
        const n = parseNumberText(text);
        return Number.isNaN(n) ? null : { value: new NetDouble(n) };
      }
      case 'TimeSpan': {
        const ts = parseTimeSpan(text);
        return ts ? { value: ts } : null;
      }
    }
    return { value: convertTo(text, written) };
  } catch (e) {
    if (e instanceof NetError) return null;
    throw e;
  }
}
