import type { Catalogue } from './types';

export type TranslateArgs = Record<string, string | number | undefined>;
export type Translate = (key: string, args?: TranslateArgs) => string;

export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A polyglot-compatible subset (`%{name}` interpolation, `||||` plural forms picked by
 * smart_count) for the pages that must stay free of react-admin and polyglot.
 */
export function makeTranslate(catalogue: Catalogue): Translate {
  return (key, args = {}) => {
    const found = lookup(catalogue, key);
    if (found === undefined) return typeof args._ === 'string' ? args._ : key;
    const forms = found.split('||||').map((s) => s.trim());
    const count = typeof args.smart_count === 'number' ? args.smart_count : 1;
    const text = forms.length > 1 ? forms[count === 1 ? 0 : 1] : found;
    return text.replace(/%\{(\w+)\}/g, (whole, name: string) => {
      const value = args[name];
      return value === undefined ? whole : String(value);
    });
  };
}
