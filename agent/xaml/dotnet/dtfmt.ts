import { DAY_NAMES, MONTH_NAMES, NetDateTime, NetTimeSpan } from './datetime';
import { fail } from './exceptions';

/** The invariant culture's standard date patterns, by their one-letter name. */
export const STANDARD: Record<string, string> = {
  d: 'MM/dd/yyyy',
  D: 'dddd, dd MMMM yyyy',
  f: 'dddd, dd MMMM yyyy HH:mm',
  F: 'dddd, dd MMMM yyyy HH:mm:ss',
  g: 'MM/dd/yyyy HH:mm',
  G: 'MM/dd/yyyy HH:mm:ss',
  m: 'MMMM dd',
  M: 'MMMM dd',
  t: 'HH:mm',
  T: 'HH:mm:ss',
  y: 'yyyy MMMM',
  Y: 'yyyy MMMM',
  s: "yyyy'-'MM'-'dd'T'HH':'mm':'ss",
  u: "yyyy'-'MM'-'dd HH':'mm':'ss'Z'",
  r: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
  R: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
};

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function offsetText(minutes: number, withMinutes: boolean, padHours: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  const h = padHours ? pad(Math.floor(a / 60), 2) : String(Math.floor(a / 60));
  return sign + h + (withMinutes ? ':' + pad(a % 60, 2) : '');
}

/** DateTime.ToString(format) in the invariant culture; null format is "G". */
export function formatDate(dt: NetDateTime, format: string | null): string {
  const f = format === null || format === '' ? 'G' : format;
  if (f.length === 1) {
    if (f === 'o' || f === 'O') {
      const base = formatDate(dt, "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffff");
      if (dt.kind === 'Utc') return base + 'Z';
      return dt.kind === 'Local' ? base + offsetText(dt.offsetMinutes, true, true) : base;
    }
    const pattern = STANDARD[f];
    if (!pattern) fail('FormatException', 'Input string was not in a correct format.');
    return formatDate(dt, pattern);
  }
  let out = '';
  for (let i = 0; i < f.length;) {
    const c = f[i];
    let n = 1;
    while (f[i + n] === c) n++;
    switch (c) {
      case 'y':
        out += n === 1 ? String(dt.year % 100) : n === 2 ? pad(dt.year % 100, 2) : pad(dt.year, n);
        break;
      case 'M':
        out += n >= 4 ? MONTH_NAMES[dt.month - 1] : n === 3 ? MONTH_NAMES[dt.month - 1].slice(0, 3) : pad(dt.month, n);
        break;
      case 'd':
        out += n >= 4 ? DAY_NAMES[dt.dayOfWeek] : n === 3 ? DAY_NAMES[dt.dayOfWeek].slice(0, 3) : pad(dt.day, n);
        break;
      case 'H':
        out += pad(dt.hour, Math.min(n, 2));
        break;
      case 'h':
        out += pad(dt.hour % 12 || 12, Math.min(n, 2));
        break;
      case 'm':
        out += pad(dt.minute, Math.min(n, 2));
        break;
      case 's':
        out += pad(dt.second, Math.min(n, 2));
        break;
      case 'f':
      case 'F': {
        let frac = (pad(dt.millisecond, 3) + '0000').slice(0, Math.min(n, 7));
        if (c === 'F') frac = frac.replace(/0+$/, '');
        out += frac;
        if (c === 'F' && frac === '' && out.endsWith('.')) out = out.slice(0, -1);
        break;
      }
      case 't':
        out += n === 1 ? (dt.hour < 12 ? 'A' : 'P') : dt.hour < 12 ? 'AM' : 'PM';
        break;
      case 'g':
        out += 'A.D.';
        break;
      case 'z':
        out += offsetText(dt.kind === 'Local' ? dt.offsetMinutes : 0, n >= 3, n >= 2);
        break;
      case 'K':
        out += dt.kind === 'Utc' ? 'Z' : dt.kind === 'Local' ? offsetText(dt.offsetMinutes, true, true) : '';
        break;
      case "'":
      case '"': {
        const end = f.indexOf(c, i + 1);
        if (end < 0) fail('FormatException', 'Input string was not in a correct format.');
        out += f.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      case '\\':
        out += f[i + 1] ?? '';
        i += 2;
        continue;
      case '%':
        i += 1;
        continue;
      default:
        out += c.repeat(n);
    }
    i += n;
  }
  return out;
}

/** TimeSpan.ToString(): "c" is [-][d.]hh:mm:ss[.fffffff]; custom formats take d h m s f and literals. */
export function formatTimeSpan(ts: NetTimeSpan, format: string | null): string {
  const neg = ts.ms < 0;
  const a = new NetTimeSpan(Math.abs(ts.ms));
  const f = format ?? 'c';
  if (f === 'c' || f === 't' || f === 'T' || f === 'g' || f === 'G') {
    const days = a.days ? `${a.days}${f === 'g' || f === 'G' ? ':' : '.'}` : f === 'G' ? '0:' : '';
    const frac = a.milliseconds || f === 'G' ? '.' + pad(a.milliseconds, 3) + '0000' : '';
    const hours = f === 'g' && !a.days ? String(a.hours) : pad(a.hours, 2);
    return (neg ? '-' : '') + days + hours + ':' + pad(a.minutes, 2) + ':' + pad(a.seconds, 2) + frac;
  }
  let out = '';
  for (let i = 0; i < f.length;) {
    const c = f[i];
    let n = 1;
    while (f[i + n] === c) n++;
    if (c === 'd') out += pad(a.days, n);
    else if (c === 'h') out += pad(a.hours, Math.min(n, 2));
    else if (c === 'm') out += pad(a.minutes, Math.min(n, 2));
    else if (c === 's') out += pad(a.seconds, Math.min(n, 2));
    else if (c === 'f' || c === 'F') out += (pad(a.milliseconds, 3) + '0000').slice(0, n);
    else if (c === '\\') {
      out += f[i + 1] ?? '';
      i += 2;
      continue;
    } else if (c === "'") {
      const end = f.indexOf("'", i + 1);
      out += f.slice(i + 1, end < 0 ? f.length : end);
      i = end < 0 ? f.length : end + 1;
      continue;
    } else fail('FormatException', 'Input string was not in a correct format.');
    i += n;
  }
  return out;
}

/** DateTime.ParseExact with a custom or one-letter standard format, invariant culture. */
/** DateTime.Parse in the invariant culture: ISO 8601, or month/day/year with an optional time. */
