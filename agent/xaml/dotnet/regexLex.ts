import { badPattern, readCharEscape, readProperty, unsupported } from './regexEscape';

/**
 * The first half of reading a .NET regular expression: its tokens, each carrying the inline
 * options in force where it stands ((?i), (?m), (?s), (?x), (?n) apply to the rest of their
 * group; (?i:…) to its content). regexTranslate.ts writes them out as a JavaScript pattern.
 */

export interface Opts {
  i: boolean;
  m: boolean;
  s: boolean;
  x: boolean;
  n: boolean;
}

export type Tok =
  | { t: 'char'; c: string; o: Opts }
  | { t: 'class'; negated: boolean; items: ClassItem[]; o: Opts }
  | { t: 'shorthand'; c: string; o: Opts }
  | { t: 'property'; negated: boolean; name: string }
  | {
      t: 'open';
      kind: 'capture' | 'noncap' | 'ahead' | 'notahead' | 'behind' | 'notbehind' | 'atomic';
      name: string | null;
    }
  | { t: 'close' }
  | { t: 'alt' }
  | { t: 'quant'; text: string }
  | { t: 'anchor'; c: string; o: Opts }
  | { t: 'dot'; o: Opts }
  | { t: 'backref'; ref: string; o: Opts };

export type ClassItem =
  | { k: 'char'; c: string }
  | { k: 'range'; from: string; to: string }
  | { k: 'shorthand'; c: string }
  | { k: 'property'; negated: boolean; name: string };

export function lexPattern(pattern: string, start: Opts): Tok[] {
  const out: Tok[] = [];
  const stack: Opts[] = [];
  let o: Opts = { ...start };
  let i = 0;
  const p = pattern;
  const bad = (reason: string, at = i): never => badPattern(p, at, reason);

  const charEscape = (inClass: boolean): string | null => {
    const r = readCharEscape(p, i, inClass);
    if (r.c !== null) i = r.end;
    return r.c;
  };

  const property = (): { negated: boolean; name: string } => {
    const r = readProperty(p, i);
    i = r.end;
    return { negated: r.negated, name: r.name };
  };

  const readClass = (): Tok => {
    const at = i;
    i++;
    const negated = p[i] === '^';
    if (negated) i++;
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      if (i >= p.length) bad('Unterminated [] set.', at);
      const c = p[i];
      if (c === ']' && !first) {
        i++;
        break;
      }
      first = false;
      if (c === '-' && p[i + 1] === '[') unsupported("'-[…]' (character class subtraction)");
      let item: ClassItem;
      if (c === '\\' && /[dDwWsS]/.test(p[i + 1] ?? '')) {
        item = { k: 'shorthand', c: p[i + 1] };
        i += 2;
      } else if (c === '\\' && /[pP]/.test(p[i + 1] ?? '')) {
        item = { k: 'property', ...property() };
      } else {
        const ch = c === '\\' ? charEscape(true) : (i++, c);
        if (ch === null) return bad(`Unrecognized escape sequence \\${p[i + 1]}.`, i + 2);
        item = { k: 'char', c: ch };
      }
      if (item.k === 'char' && p[i] === '-' && p[i + 1] !== ']' && p[i + 1] !== undefined && p[i + 1] !== '[') {
        i++;
        const to = p[i] === '\\' ? charEscape(true) : p[i++];
        if (to === null) return bad(`Unrecognized escape sequence \\${p[i + 1]}.`, i + 2);
        if (to < item.c) bad('[x-y] range in reverse order.', i);
        item = { k: 'range', from: item.c, to };
      }
      items.push(item);
    }
    return { t: 'class', negated, items, o };
  };

  const readGroup = (): void => {
    const at = i;
    if (p[i + 1] !== '?') {
      out.push({ t: 'open', kind: o.n ? 'noncap' : 'capture', name: null });
      stack.push(o);
      i++;
      return;
    }
    const rest = p.slice(i + 2);
    const named = /^(?:<([^>=!]*)>|'([^']*)')/.exec(rest);
    if (named) {
      const name = named[1] ?? named[2];
      if (name.includes('-')) unsupported(`'(?<${name}>…)' (a balancing group)`);
      if (!/^[\p{L}\p{N}_]+$/u.test(name))
        bad('Invalid group name: Group names must begin with a word character.', i + 3);
      if (/^\d+$/.test(name)) unsupported(`'(?<${name}>…)' (a group given a number)`);
      out.push({ t: 'open', kind: 'capture', name });
      stack.push(o);
      i += 2 + named[0].length;
      return;
    }
    const simple: Record<string, Tok & { t: 'open' }> = {
      ':': { t: 'open', kind: 'noncap', name: null },
      '=': { t: 'open', kind: 'ahead', name: null },
      '!': { t: 'open', kind: 'notahead', name: null },
      '<=': { t: 'open', kind: 'behind', name: null },
      '<!': { t: 'open', kind: 'notbehind', name: null },
      '>': { t: 'open', kind: 'atomic', name: null },
    };
    const key = rest.startsWith('<=') || rest.startsWith('<!') ? rest.slice(0, 2) : rest[0];
    if (key !== undefined && simple[key]) {
      out.push(simple[key]);
      stack.push(o);
      i += 2 + key.length;
      return;
    }
    if (rest[0] === '#') {
      const end = p.indexOf(')', i);
      if (end < 0) bad('Unterminated (?#...) comment.', at);
      i = end + 1;
      return;
    }
    if (rest[0] === '(') unsupported("'(?(…)…)' (an alternation construct)");
    const opts = /^([imnsx]*)(?:-([imnsx]*))?([:)])/.exec(rest);
    if (!opts) return bad('Unrecognized grouping construct.', i + 1);
    const next: Opts = { ...o };
    for (const f of opts[1]) next[f as keyof Opts] = true;
    for (const f of opts[2] ?? '') next[f as keyof Opts] = false;
    i += 2 + opts[0].length;
    if (opts[3] === ':') {
      out.push({ t: 'open', kind: 'noncap', name: null });
      stack.push(o);
    }
    o = next;
  };

  while (i < p.length) {
    const c = p[i];
    if (o.x && /\s/.test(c)) {
      i++;
      continue;
    }
    if (o.x && c === '#') {
      while (i < p.length && p[i] !== '\n') i++;
      continue;
    }
    switch (c) {
      case '(':
        readGroup();
        continue;
      case ')':
        if (stack.length === 0) bad("Too many )'s.");
        o = stack.pop() as Opts;
        out.push({ t: 'close' });
        i++;
        continue;
      case '|':
        out.push({ t: 'alt' });
        i++;
        continue;
      case '[':
        out.push(readClass());
        continue;
      case '.':
        out.push({ t: 'dot', o });
        i++;
        continue;
      case '^':
      case '$':
        out.push({ t: 'anchor', c, o });
        i++;
        continue;
      case '*':
      case '+':
      case '?':
      case '{': {
        const m = c === '{' ? /^\{\d+(,\d*)?\}/.exec(p.slice(i)) : [c];
        if (!m) break;
        const prev = out[out.length - 1];
        if (!prev || prev.t === 'open' || prev.t === 'alt') bad(`Quantifier '${m[0]}' following nothing.`);
        if (prev.t === 'quant') bad(`Nested quantifier '${m[0][0]}'.`);
        i += m[0].length;
        const lazy = p[i] === '?';
        if (lazy) i++;
        out.push({ t: 'quant', text: m[0] + (lazy ? '?' : '') });
        continue;
      }
      case '\\':
        lexEscape();
        continue;
    }
    out.push({ t: 'char', c, o });
    i++;
  }
  if (stack.length) bad("Not enough )'s.");
  return out;

  function lexEscape(): void {
    const c = p[i + 1];
    if (c !== undefined && /[dDwWsS]/.test(c)) {
      out.push({ t: 'shorthand', c, o });
      i += 2;
    } else if (c === 'p' || c === 'P') out.push({ t: 'property', ...property() });
    else if (c !== undefined && /[AZzbB]/.test(c)) {
      out.push({ t: 'anchor', c, o });
      i += 2;
    } else if (c === 'G') unsupported("'\\G' (a match starting where the previous one ended)");
    else if (c === 'k') {
      const m = /^k(?:<([^>]+)>|'([^']+)')/.exec(p.slice(i + 1));
      if (!m) return bad('Malformed \\k<...> named back reference.', i + 2);
      out.push({ t: 'backref', ref: m[1] ?? m[2], o });
      i += 1 + m[0].length;
    } else if (c !== undefined && /[1-9]/.test(c)) {
      const m = /^\d+/.exec(p.slice(i + 1)) ?? [c];
      out.push({ t: 'backref', ref: m[0], o });
      i += 1 + m[0].length;
    } else {
      const ch = charEscape(false);
      if (ch === null) return bad(`Unrecognized escape sequence \\${c}.`, i + 2);
      out.push({ t: 'char', c: ch, o });
    }
  }
}
