import { NetDateTime } from './datetime';
import { fail } from './exceptions';
import { JArray, JObject, JValue, type JToken } from './jtoken';
import { NetDouble, NetLong } from './values';

/**
 * JSON text → tokens, read as Newtonsoft's JsonTextReader does with its default settings:
 * integers are Int64, other numbers Double, ISO 8601 date-times become Date tokens, and the
 * leniencies real workflows rely on are accepted (single-quoted strings, unquoted property
 * names, comments, trailing commas). Errors are JsonReaderException with Newtonsoft's wording.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|[+-]\d{2}:\d{2})?$/;

/** An ISO 8601 date-time string as Newtonsoft's reader turns it into a DateTime, or null. */
export function isoDate(s: string): NetDateTime | null {
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const ms = m[7] ? Math.floor(Number(('0.' + m[7]).padEnd(5, '0')) * 1000) : 0;
  const wall = NetDateTime.of(+m[1], +m[2], +m[3], +m[4], +m[5], +m[6], ms);
  if (!m[8]) return wall;
  if (m[8] === 'Z') return new NetDateTime(wall.ms, 'Utc');
  // An explicit offset is converted to the machine's local time, as DateTimeZoneHandling.RoundtripKind does.
  const sign = m[8][0] === '-' ? -1 : 1;
  const utc = wall.ms - sign * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(4, 6))) * 60_000;
  return new NetDateTime(utc - new Date(utc).getTimezoneOffset() * 60_000, 'Local');
}

class Reader {
  i = 0;
  readonly path: (string | number)[] = [];
  constructor(readonly s: string) {}

  pathText(): string {
    return this.path
      .map((p, n) => (typeof p === 'number' ? `[${p}]` : /^[\w]+$/.test(p) ? (n ? '.' : '') + p : `['${p}']`))
      .join('');
  }

  where(at = this.i): string {
    const before = this.s.slice(0, at);
    const line = before.split('\n').length;
    const position = at - (before.lastIndexOf('\n') + 1);
    return `Path '${this.pathText()}', line ${line}, position ${position}.`;
  }

  error(message: string, at = this.i): never {
    return fail('JsonReaderException', `${message} ${this.where(at)}`);
  }

  skip(): void {
    const s = this.s;
    for (;;) {
      while (this.i < s.length && /\s/.test(s[this.i])) this.i++;
      if (s.startsWith('//', this.i)) {
        const end = s.indexOf('\n', this.i);
        this.i = end < 0 ? s.length : end;
      } else if (s.startsWith('/*', this.i)) {
        const end = s.indexOf('*/', this.i + 2);
        if (end < 0) this.error('Unexpected end while parsing comment.', s.length);
        this.i = end + 2;
      } else return;
    }
  }

  value(): JToken {
    this.skip();
    const s = this.s;
    const ch = s[this.i];
    if (ch === undefined) return this.error('Unexpected end when reading JSON.', s.length);
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"' || ch === "'") {
      const text = this.string();
      const date = isoDate(text);
      return date ? new JValue('Date', date) : new JValue('String', text);
    }
    const num = /^-?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|Infinity)|^NaN/.exec(s.slice(this.i, this.i + 400));
    if (num) {
      this.i += num[0].length;
      const t = num[0];
      if (/^-?\d+$/.test(t)) {
        const big = BigInt(t);
        if (big <= 9223372036854775807n && big >= -9223372036854775808n) return new JValue('Integer', new NetLong(big));
      }
      return new JValue('Float', new NetDouble(Number(t)));
    }
    for (const [word, token] of [
      ['true', new JValue('Boolean', true)],
      ['false', new JValue('Boolean', false)],
      ['null', new JValue('Null', null)],
      ['undefined', new JValue('Null', null)],
    ] as const) {
      if (s.startsWith(word, this.i)) {
        this.i += word.length;
        return token;
      }
    }
    return this.error(`Unexpected character encountered while parsing value: ${ch}.`, this.i + 1);
  }

  string(): string {
    const s = this.s;
    const quote = s[this.i++];
    let out = '';
    for (;;) {
      const ch = s[this.i++];
      if (ch === undefined) return this.error(`Unterminated string. Expected delimiter: ${quote}.`, s.length);
      if (ch === quote) return out;
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      const e = s[this.i++];
      const simple: Record<string, string> = {
        n: '\n',
        r: '\r',
        t: '\t',
        b: '\b',
        f: '\f',
        '/': '/',
        '\\': '\\',
        '"': '"',
        "'": "'",
      };
      if (e === 'u') {
        const hex = s.slice(this.i, this.i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.error(`Invalid Unicode escape sequence: \\u${hex}.`);
        out += String.fromCharCode(parseInt(hex, 16));
        this.i += 4;
      } else if (e !== undefined && simple[e] !== undefined) out += simple[e];
      else this.error(`Bad JSON escape sequence: \\${e ?? ''}.`);
    }
  }

  propertyName(): string {
    const s = this.s;
    if (s[this.i] === '"' || s[this.i] === "'") return this.string();
    const m = /^[A-Za-z_$][\w$]*/.exec(s.slice(this.i, this.i + 1000));
    if (!m) return this.error(`Invalid property identifier character: ${s[this.i] ?? ''}.`, this.i + 1);
    this.i += m[0].length;
    return m[0];
  }

  object(): JObject {
    const o = new JObject();
    this.i++;
    for (;;) {
      this.skip();
      if (this.s[this.i] === '}') {
        this.i++;
        return o;
      }
      if (this.i >= this.s.length) return this.error('Unexpected end when reading JSON.', this.s.length);
      const name = this.propertyName();
      this.skip();
      if (this.s[this.i] !== ':')
        this.error(
          `Invalid character after parsing property name. Expected ':' but got: ${this.s[this.i] ?? ''}.`,
          this.i + 1,
        );
      this.i++;
      this.path.push(name);
      o.props.set(name, this.value());
      this.skip();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== '}') {
        if (this.i >= this.s.length) return this.error('Unexpected end when reading JSON.', this.s.length);
        this.error(`After parsing a value an unexpected character was encountered: ${this.s[this.i]}.`, this.i + 1);
      }
      this.path.pop();
    }
  }

  array(): JArray {
    const a = new JArray();
    this.i++;
    for (;;) {
      this.skip();
      if (this.s[this.i] === ']') {
        this.i++;
        return a;
      }
      this.path.push(a.items.length);
      a.items.push(this.value());
      this.skip();
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') {
        if (this.i >= this.s.length) return this.error('Unexpected end when reading JSON.', this.s.length);
        this.error(`After parsing a value an unexpected character was encountered: ${this.s[this.i]}.`, this.i + 1);
      }
      this.path.pop();
    }
  }
}

/** Parses one JSON value; text after it (other than whitespace and comments) is an error. */
export function parseJson(text: string): JToken {
  const r = new Reader(text);
  const token = r.value();
  r.skip();
  if (r.i < text.length)
    r.error(`Additional text encountered after finished reading JSON content: ${text[r.i]}.`, r.i + 1);
  return token;
}
