/**
 * The chosen language, kept per browser under its own localStorage key: react-admin's store is
 * reset on logout, the language must survive it, and the public pages read it without react-admin.
 */
export const LANGUAGES = [
  { locale: 'en', name: 'English' },
  { locale: 'fr', name: 'Français' },
] as const;
export type Locale = (typeof LANGUAGES)[number]['locale'];
export const LANGUAGE_KEY = 'language';
export const DEFAULT_LOCALE: Locale = 'en';

const listeners = new Set<() => void>();

export const isLocale = (value: unknown): value is Locale => LANGUAGES.some((l) => l.locale === value);

export function getLanguage(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function setLanguage(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LANGUAGE_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
