/**
 * The shape every translation must have: the English catalogue with each text widened to
 * string, so that a key missing from (or added to) another language is a compile error.
 */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** A catalogue as the translate helpers see it. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}
