import { useSyncExternalStore } from 'react';
import { currentTranslate, subscribeTranslations } from '../../../i18n/catalogues';
import { getLanguage, subscribeLanguage, type Locale } from '../../../i18n/language';
import type { Translate } from '../../../i18n/translate';

export const useLanguage = (): Locale => useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);

/**
 * Translation for the pages outside react-admin (home, login, password screens) and for
 * components shared with the shell; follows the stored language once its texts are downloaded.
 */
export const useT = (): Translate => useSyncExternalStore(subscribeTranslations, currentTranslate, currentTranslate);
