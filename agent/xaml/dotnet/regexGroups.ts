import type { Tok } from './regexLex';

/** What .NET's \w matches: letters, non-spacing marks, decimal digits, connector punctuation. */
export const WORD = '\\p{L}\\p{Mn}\\p{Nd}\\p{Pc}';
const END = '(?![\\s\\S])';

/** An anchor written for JavaScript with .NET's meaning, where only "\n" breaks a line. */
export function anchor(c: string, multiline: boolean, ecma: boolean): string {
  const w = ecma ? 'a-zA-Z0-9_' : WORD;
  switch (c) {
    case '^':
      return multiline ? '(?<![^\\n])' : '(?<![\\s\\S])';
    case '$':
      return multiline ? `(?=\\n|${END})` : `(?=\\n?${END})`;
    case 'A':
      return '(?<![\\s\\S])';
    case 'z':
      return END;
    case 'Z':
      return `(?=\\n?${END})`;
    case 'b':
      return `(?:(?<=[${w}])(?![${w}])|(?<![${w}])(?=[${w}]))`;
    case 'B':
      return `(?:(?<=[${w}])(?=[${w}])|(?<![${w}])(?![${w}]))`;
  }
  return '';
}

/**
 * .NET numbers the unnamed groups first, left to right, then the named ones in the order their
 * names first appear (a name used twice is one group). JavaScript numbers every group left to
 * right, atomic groups' helpers included.
 */
export function numberGroups(toks: Tok[]): { names: string[]; js: number[][]; byName: Map<string, number> } {
  const unnamed: number[] = [];
  const named = new Map<string, number[]>();
  let jsIndex = 0;
  for (const tok of toks) {
    if (tok.t !== 'open' || (tok.kind !== 'capture' && tok.kind !== 'atomic')) continue;
    jsIndex++;
    if (tok.kind === 'atomic') continue;
    if (tok.name === null) unnamed.push(jsIndex);
    else named.set(tok.name, [...(named.get(tok.name) ?? []), jsIndex]);
  }
  const names = ['0', ...unnamed.map((_, i) => String(i + 1)), ...named.keys()];
  const js = [[0], ...unnamed.map((j) => [j]), ...named.values()];
  const byName = new Map([...named.keys()].map((k, i) => [k, unnamed.length + 1 + i]));
  return { names, js, byName };
}
