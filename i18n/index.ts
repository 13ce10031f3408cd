import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { en } from './en';
import { fr } from './fr';
import { LANGUAGES, getLanguage, isLocale, setLanguage, type Locale } from './language';
import type { Catalogue } from './types';
import { serverText } from './serverText';
import { makeTranslate, type Translate } from './translate';

export { en } from './en';
export { fr } from './fr';
export * from './language';
export * from './translate';

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge, so our `ra.*` overrides replace single texts and not react-admin's whole namespace. */
export function mergeCatalogues(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isTree(current) && isTree(value) ? mergeCatalogues(current, value) : value;
  }
  return out;
}

const ours: Record<Locale, Catalogue> = { en, fr };

/** A language's whole catalogue, for code that has it loaded already (the shell's, the tests). */
export const translatorFor = (locale: Locale): Translate => makeTranslate(ours[locale]);
const theirs: Record<Locale, Tree> = { en: englishMessages, fr: frenchMessages };
const merged = {} as Record<Locale, TranslationMessages>;

export function messagesFor(locale: string): TranslationMessages {
  const l: Locale = isLocale(locale) ? locale : 'en';
  merged[l] ??= mergeCatalogues(theirs[l], ours[l] as unknown as Tree) as unknown as TranslationMessages;
  return merged[l];
}

/** react-admin's i18nProvider; a language change is also written to our own `language` key. */
export function createI18nProvider(): I18nProvider {
  const base = polyglotI18nProvider(messagesFor, getLanguage(), [...LANGUAGES], { allowMissing: true });
  return {
    ...base,
    // A server `message` shown as a toast or a field error is the English text itself, values and all.
    translate: (key, options) => {
      const found = serverText(key);
      return found ? base.translate(found.key, { ...options, ...found.args }) : base.translate(key, options);
    },
    changeLocale: async (locale, options) => {
      await base.changeLocale(locale, options);
      if (isLocale(locale)) setLanguage(locale);
    },
  };
}
