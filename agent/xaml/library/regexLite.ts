import { fail } from '../dotnet';

/**
 * A .NET regular expression as a JavaScript RegExp, for UiPath's Matches, IsMatch and Replace
 * activities: the constructs both engines read alike pass through, the few that differ are
 * rewritten (`\A`, `\z`, `\Z`, `$`, `.`, `(?'name'…)`, leading `(?imsx)`, comments), and those
 * JavaScript has no equivalent for (atomic groups, conditionals, class subtraction, `\G`,
 * Unicode categories, RightToLeft) fail with NotSupportedException rather than match otherwise.
 * `\w`, `\d` and `\b` keep JavaScript's ASCII meaning.
 */

const OPTION_NAMES = [
  'None',
  'IgnoreCase',
  'Multiline',
  'ExplicitCapture',
  'Compiled',
  'Singleline',
  'IgnorePatternWhitespace',
  'RightToLeft',
  'ECMAScript',
  'CultureInvariant',
];

/** RegexOptions written as Studio writes them ("IgnoreCase, Compiled"), checked by name. */
export function regexOptions(written: string | null): Set<string> {
  const out = new Set<string>();
  for (const part of (written ?? '').split(/[,|]/)) {
    const name = part.trim().replace(/^(?:\w+\.)*/, '');
    if (name === '') continue;
    const found = OPTION_NAMES.find((o) => o.toLowerCase() === name.toLowerCase());
    if (!found) fail('ArgumentException', `'${name}' is not a RegexOptions value.`);
    out.add(found);
  }
  return out;
}

const unsupported = (what: string): never =>
  fail('NotSupportedException', `The regular expression construct ${what} is not supported by this agent.`);

const END = '(?![\\s\\S])';

/** A pattern as JavaScript reads it, and where each .NET group number's capture is there. */
export interface Translated {
  source: string;
  flags: string;
  /** .NET numbers unnamed groups first, then named ones: `order[n]` is .NET group n's JavaScript index. */
  order: number[];
}

/** The pattern rewritten for JavaScript, with the flags its options and leading inline options give. */
function translate(pattern: string, options: Set<string>): Translated {
  for (const o of ['RightToLeft', 'ECMAScript', 'ExplicitCapture']) if (options.has(o)) unsupported(`option ${o}`);
  let i = 0;
  const opts = new Set(options);
  const inline = /^\(\?([imsx]+)\)/.exec(pattern);
  if (inline) {
    for (const f of inline[1])
      opts.add({ i: 'IgnoreCase', m: 'Multiline', s: 'Singleline', x: 'IgnorePatternWhitespace' }[f] ?? '');
    i = inline[0].length;
  }
  const spaced = opts.has('IgnorePatternWhitespace');
  const multiline = opts.has('Multiline');
  const single = opts.has('Singleline');
  let out = '';
  const unnamed: number[] = [];
  const named: number[] = [];
  const capture = (isNamed: boolean) => (isNamed ? named : unnamed).push(unnamed.length + named.length + 1);
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const n = pattern[i + 1] ?? '';
      if (n === 'A') out += '(?<![\\s\\S])';
      else if (n === 'z') out += END;
      else if (n === 'Z') out += `(?=\\n?${END})`;
      else if (n === 'G' || n === 'p' || n === 'P') unsupported(`'\\${n}'`);
      else out += c + n;
      i += 2;
    } else if (c === '[') {
      const start = i;
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') {
        if (pattern[i] === '-' && pattern[i + 1] === '[') unsupported("'-[…]' (class subtraction)");
        i += pattern[i] === '\\' ? 2 : 1;
      }
      out += pattern.slice(start, i + 1);
      i++;
    } else if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      if (rest.startsWith('>')) unsupported("'(?>…)' (atomic group)");
      if (rest.startsWith('(')) unsupported("'(?(…)…)' (conditional)");
      if (rest.startsWith('#')) {
        i = pattern.indexOf(')', i) < 0 ? pattern.length : pattern.indexOf(')', i) + 1;
        continue;
      }
      const quoted = /^'(\w+)'/.exec(rest);
      if (quoted) {
        capture(true);
        out += `(?<${quoted[1]}>`;
        i += 2 + quoted[0].length;
        continue;
      }
      if (/^<\w/.test(rest)) capture(true);
      if (/^[imnsx-]+[:)]/.test(rest)) unsupported("'(?imnsx…)' inside the pattern");
      out += '(?';
      i += 2;
    } else if (c === '(') {
      capture(false);
      out += c;
      i++;
    } else if (spaced && /\s/.test(c)) {
      i++;
    } else if (spaced && c === '#') {
      const nl = pattern.indexOf('\n', i);
      i = nl < 0 ? pattern.length : nl + 1;
    } else if (c === '$') {
      out += multiline ? `(?=\\n|${END})` : `(?=\\n?${END})`;
      i++;
    } else if (c === '^' && multiline) {
      out += '(?<=^|\\n)';
      i++;
    } else if (c === '.' && !single) {
      out += '[^\\n]';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return {
    source: out,
    flags: (opts.has('IgnoreCase') ? 'i' : '') + (single ? 's' : ''),
    order: [0, ...unnamed, ...named],
  };
}

/**
 * The RegExp for a pattern and its options, with its group order; a pattern neither engine
 * reads is ArgumentException.
 */
export function regexFor(pattern: string, options: Set<string>, global: boolean): { re: RegExp; order: number[] } {
  const { source, flags, order } = translate(pattern, options);
  try {
    return { re: new RegExp(source, flags + (global ? 'g' : '')), order };
  } catch {
    return fail('ArgumentException', `Invalid pattern '${pattern}'.`);
  }
}

/** JavaScript's reference to group `js` followed by `rest` (two digits, so a digit after it stays text). */
function group(js: number | undefined, rest: string): string | undefined {
  if (js === undefined) return undefined;
  return (js === 0 ? '$&' : `$${String(js).padStart(2, '0')}`) + rest;
}

/**
 * A .NET replacement string for JavaScript's String.replace: `$n` and `${n}` name .NET's group
 * n (renumbered to JavaScript's), `${name}` becomes `$<name>`, `$_` the whole input; `$+` has
 * no JavaScript form. A `$` followed by nothing it names stays a `$`.
 */
export function replacementFor(replacement: string, input: string, order: number[]): string {
  return replacement.replace(/\$(\{(\w+)\}|(\d+)|_|\+|\$|&|`|')/g, (all, _g, name?: string, digits?: string) => {
    if (all === '$_') return input.replace(/\$/g, '$$$$');
    if (all === '$+') return unsupported("'$+' in a replacement");
    if (name !== undefined && /^\d+$/.test(name)) return group(order[Number(name)], '') ?? '$$' + all.slice(1);
    if (digits !== undefined) {
      // .NET reads as many digits as still name a group: with one group, "$10" is $1 then "0".
      for (let len = digits.length; len > 0; len--) {
        const js = group(order[Number(digits.slice(0, len))], digits.slice(len));
        if (js !== undefined) return js;
      }
      return '$$' + all.slice(1);
    }
    return name !== undefined ? `$<${name}>` : all;
  });
}
