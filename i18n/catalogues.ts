import { homeEn } from './homeEn';
import { getLanguage, subscribeLanguage, type Locale } from './language';
import { makeTranslate, type Translate } from './translate';
import type { Catalogue } from './types';

/**
 * Which texts the pages shown so far need: the public home page's own (the only ones its first
 * download carries, in English) or the whole catalogue (every other page). A catalogue is
 * downloaded once, when a page or a language first needs it.
 */
export type CatalogueScope = 'home' | 'full';

const LOADERS: Record<CatalogueScope, Record<Locale, () => Promise<Catalogue>>> = {
  home: {
    en: () => Promise.resolve(homeEn),
    fr: () => import('./homeFr').then((m) => m.homeFr),
  },
  full: {
    en: () => import('./en').then((m) => m.en),
    fr: () => import('./fr').then((m) => m.fr),
  },
};

const loaded: Record<CatalogueScope, Partial<Record<Locale, Catalogue>>> = { home: { en: homeEn }, full: {} };
const pending = new Map<string, Promise<boolean>>();
let scope: CatalogueScope = 'home';
const listeners = new Set<() => void>();

// The whole catalogue holds the home page's texts too; a page past the home page needs all of it.
const catalogueFor = (locale: Locale): Catalogue | undefined =>
  loaded.full[locale] ?? (scope === 'home' ? loaded.home[locale] : undefined);

/** Downloads a catalogue once; false when it could not be (the texts shown stay as they are). */
function load(locale: Locale, wanted: CatalogueScope): Promise<boolean> {
  if (loaded.full[locale] || loaded[wanted][locale]) return Promise.resolve(true);
  const key = `${wanted}:${locale}`;
  let loading = pending.get(key);
  if (!loading) {
    loading = LOADERS[wanted][locale]().then(
      (catalogue) => {
        loaded[wanted][locale] = catalogue;
        pending.delete(key);
        return true;
      },
      () => {
        pending.delete(key);
        return false;
      },
    );
    pending.set(key, loading);
  }
  return loading;
}

// Until the chosen language's catalogue is in, the texts already shown stay: never a bare key.
let shown: { catalogue: Catalogue; translate: Translate } = { catalogue: homeEn, translate: makeTranslate(homeEn) };

/** The translator of the chosen language, or the one shown before while that language downloads. */
export function currentTranslate(): Translate {
  const catalogue = catalogueFor(getLanguage());
  if (catalogue && catalogue !== shown.catalogue) shown = { catalogue, translate: makeTranslate(catalogue) };
  return shown.translate;
}

// The translator shown moves on as soon as a catalogue arrives, before anyone is told.
function notify(): void {
  currentTranslate();
  listeners.forEach((listener) => listener());
}

export function subscribeTranslations(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

subscribeLanguage(() => {
  const locale = getLanguage();
  if (!catalogueFor(locale)) {
    void load(locale, scope).then((ok) => {
      if (ok) notify();
    });
  }
  notify();
});

/**
 * Resolves once the texts a page needs are in, in the chosen language (or the given ones): a page
 * waits for it before its first render, so a French visitor never sees English or keys first.
 */
export async function prepareTranslations(wanted: CatalogueScope, locales: Locale[] = [getLanguage()]): Promise<void> {
  const done = await Promise.all(locales.map((locale) => load(locale, wanted)));
  // A page past the home page is only promised its texts once they are all in.
  if (wanted === 'full' && done.every(Boolean)) scope = 'full';
  notify();
}
