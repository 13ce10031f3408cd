import type { HomeCatalogue } from './homeEn';
import type { DeepStrings } from './types';
import { basics } from './fr/basics';
import { home } from './fr/home';

/** The French texts of the public home page: typed against English so that no key can be missing. */
export const homeFr: DeepStrings<HomeCatalogue> = { rpa: { ...basics, home } };
