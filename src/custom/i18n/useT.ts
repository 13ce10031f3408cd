import { useMemo, useSyncExternalStore } from 'react';
import { getLanguage, subscribeLanguage, type Locale } from '../../../i18n/language';
import { translatorFor, type Translate } from '../../../i18n/translate';

export const useLanguage = (): Locale => useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);

/**
 * Translation for the pages outside react-admin (home, login, password screens) and for
 * components shared with the shell; follows the stored language.
 */
export function useT(): Translate {
  const locale = useLanguage();
  return useMemo(() => translatorFor(locale), [locale]);
}
