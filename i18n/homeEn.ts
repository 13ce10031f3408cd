import { basics } from './en/basics';
import { home } from './en/home';

/**
 * The English texts of the public home page: the only catalogue its first download carries (the
 * whole catalogue and the other languages are downloaded when needed, see catalogues.ts).
 */
export const homeEn = { rpa: { ...basics, home } };

export type HomeCatalogue = typeof homeEn;
