import { STANDARD } from './dtfmt';
import { MONTH_NAMES, NetDateTime, type DateKind } from './datetime';
import { fail } from './exceptions';

const notADate = (text: string): never =>
  fail('FormatException', `String '${text}' was not recognized as a valid DateTime.`);

export function parseExact(text: string, format: string): NetDateTime {
  const f =
    format.length === 1
      ? format === 'o' || format === 'O'
        ? "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK"
        : STANDARD[format]
      : format;
  if (!f) return notADate(text);
  let re = '';
  const fields: string[] = [];
  for (let i = 0; i < f.length;) {
    const c = f[i];
    let n = 1;
    while (f[i + n] === c) n++;
    const group = (pattern: string) => {
      re += `(${pattern})`;
      fields.push(c + n);
    };
    if (c === 'y') group(n <= 2 ? '\\d{1,2}' : `\\d{${Math.max(n, 4)}}`);
    else if (c === 'M' && n >= 3) group('[A-Za-z]+');
    else if (c === 'd' && n >= 3) group('[A-Za-z]+');
    else if ('MdHhms'.includes(c)) group(n === 1 ? '\\d{1,2}' : '\\d{2}');
    else if (c === 'f' || c === 'F') group(`\\d{${c === 'f' ? n : `0,${n}`}}`);
    else if (c === 't') group(n === 1 ? '[AaPp]' : '[AaPp][Mm]');
    else if (c === 'K' || c === 'z') group('Z|[+-]\\d{1,2}(?::?\\d{2})?|');
    else if (c === "'" || c === '"') {
      const end = f.indexOf(c, i + 1);
      re += escapeRe(f.slice(i + 1, end < 0 ? f.length : end));
      i = end < 0 ? f.length : end + 1;
      continue;
    } else if (c === '\\') {
      re += escapeRe(f[i + 1] ?? '');
      i += 2;
      continue;
    } else re += escapeRe(c.repeat(n));
    i += n;
  }
  const m = new RegExp(`^\\s*${re}\\s*$`).exec(text);
  if (!m) return notADate(text);
  const v = { y: 1, M: 1, d: 1, h: 0, mi: 0, s: 0, ms: 0, pm: null as boolean | null, kind: 'Unspecified' as DateKind };
  fields.forEach((field, k) => {
    const raw = m[k + 1];
    const c = field[0];
    const n = Number(field.slice(1));
    if (c === 'y') v.y = n <= 2 ? 2000 + Number(raw) - (Number(raw) >= 50 ? 100 : 0) : Number(raw);
    else if (c === 'M') v.M = n >= 3 ? monthIndex(raw, text) : Number(raw);
    else if (c === 'd' && n <= 2) v.d = Number(raw);
    else if (c === 'H' || c === 'h') v.h = Number(raw);
    else if (c === 'm') v.mi = Number(raw);
    else if (c === 's') v.s = Number(raw);
    else if (c === 'f' || c === 'F') v.ms = Number((raw + '000').slice(0, 3));
    else if (c === 't') v.pm = raw[0].toUpperCase() === 'P';
    else if ((c === 'K' || c === 'z') && raw !== '') v.kind = raw === 'Z' ? 'Utc' : 'Local';
  });
  if (v.pm !== null) v.h = (v.h % 12) + (v.pm ? 12 : 0);
  try {
    return NetDateTime.of(v.y, v.M, v.d, v.h, v.mi, v.s, v.ms, v.kind);
  } catch {
    return notADate(text);
  }
}

function monthIndex(name: string, text: string): number {
  const i = MONTH_NAMES.findIndex(
    (m) => m.toLowerCase() === name.toLowerCase() || m.slice(0, 3).toLowerCase() === name.toLowerCase(),
  );
  return i < 0 ? notADate(text) : i + 1;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function parseDate(text: string): NetDateTime {
  const iso =
    /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/.exec(
      text,
    );
  if (iso) {
    const [, y, mo, d, h, mi, s, f, z] = iso;
    return NetDateTime.of(
      +y,
      +mo,
      +d,
      +(h ?? 0),
      +(mi ?? 0),
      +(s ?? 0),
      +((f ?? '') + '000').slice(0, 3),
      z ? (z === 'Z' ? 'Utc' : 'Local') : 'Unspecified',
    );
  }
  const formats = [
    'M/d/yyyy',
    'M/d/yyyy H:m',
    'M/d/yyyy H:m:s',
    'M/d/yyyy h:m:s tt',
    'M/d/yyyy h:m tt',
    'yyyy/M/d',
    'yyyy/M/d H:m:s',
    'd MMMM yyyy',
    'MMMM d, yyyy',
    'dd MMM yyyy',
  ];
  for (const f of formats) {
    try {
      return parseExact(text, f);
    } catch {
      // Try the next pattern.
    }
  }
  return notADate(text);
}
