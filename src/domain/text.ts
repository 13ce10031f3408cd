/**
 * Text as a person reads it, for the name rules of `validation.ts`: letters of every script
 * (Zoë, Łukasz, 山田, Ελένη), and lengths counted in the characters a person sees.
 */

const segmenter =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/**
 * V8's segmenter copies its whole input at every step, so segmenting takes time in the square of
 * the text's length (200,000 letters: over a minute of a server's event loop). It is never given
 * more than this many code units; a body may hold a megabyte of text.
 */
const SEGMENT_WINDOW = 1024;

/**
 * The number of characters a person sees (grapheme clusters): '山田' is 2, and 'Zoë' is 3 whether
 * its ë is one code point or e followed by a combining diaeresis. Of a text longer than 1,024
 * code units only the start is counted: a lower bound, which answers a minimum. A runtime
 * without `Intl.Segmenter` counts code points instead.
 */
export function graphemeCount(s: string): number {
  const start = s.length > SEGMENT_WINDOW ? s.slice(0, SEGMENT_WINDOW) : s;
  return segmenter ? Array.from(segmenter.segment(start)).length : Array.from(start).length;
}

/**
 * The API schema's cap on a field whose rules count graphemes. JSON Schema's `maxLength` counts
 * code points, and a letter may take several (e + U+0301; Vietnamese ệ written decomposed is
 * three; a Devanagari conjunct more): four per grapheme on average lets every real name through,
 * and still refuses a flood of combining marks.
 */
export const codePointCap = (graphemes: number): number => graphemes * 4;

/**
 * Whether s holds min to max graphemes and, like the API schema, at most `codePointCap(max)` code
 * points: the form refuses what the server would.
 */
export function graphemesBetween(s: string, min: number, max: number): boolean {
  const cap = codePointCap(max);
  // A code point is at most two code units: past twice the cap, it is too long without counting.
  if (s.length > 2 * cap || Array.from(s).length > cap) return false;
  const n = graphemeCount(s);
  return n >= min && n <= max;
}

/** One letter of any script with the combining marks written after it (e + U+0301 is one letter). */
const LETTER = String.raw`\p{L}\p{M}*`;
/** Apostrophes as keyboards type them: the straight one and the typographic one (’). */
const APOSTROPHES = "'’";

/**
 * Digits are ASCII 0-9 only, not every script's decimal digits (`\p{Nd}`): a name's number
 * ('Studio 54') is typed in ASCII digits in every language the product speaks, and the other
 * digit sets hold look-alikes of letters and of each other (Bengali ০, Arabic-Indic ٥), which
 * would let two names that read the same be different records.
 */
const DIGIT = '0-9';

/** Letters, digits and spaces (company, group, bot and title names). */
const LETTERS_DIGITS_SPACES = new RegExp(`^(?:${LETTER}|[${DIGIT} ])+$`, 'u');
export const isLettersDigitsSpaces = (s: string): boolean => LETTERS_DIGITS_SPACES.test(s);

/** What an address may hold: letters, digits, spaces, , # _ / and the apostrophes and hyphen of street names. */
const ADDRESS = new RegExp(`^(?:${LETTER}|[${DIGIT} ,#_/${APOSTROPHES}-])+$`, 'u');
export const isAddressText = (s: string): boolean => ADDRESS.test(s);

/** What a description may hold: letters, digits, spaces, new lines and common punctuation. */
const DESCRIPTION = new RegExp(`^(?:${LETTER}|[${DIGIT} .,${APOSTROPHES}()\\-_:;!?/&\\n])+$`, 'u');
export const isDescriptionText = (s: string): boolean => DESCRIPTION.test(s);

/** A person name holds letters, spaces, hyphens and apostrophes, and no mark without its letter. */
const PERSON_NAME_CHARACTERS = new RegExp(`^(?:${LETTER}|[ ${APOSTROPHES}-])+$`, 'u');
export const isPersonNameText = (s: string): boolean => PERSON_NAME_CHARACTERS.test(s);

/** One word of a person name: letters, joined by single hyphens or apostrophes (Jean-Pierre, O'Brien). */
const NAME_WORD = new RegExp(`^(?:${LETTER})+(?:[${APOSTROPHES}-](?:${LETTER})+)*$`, 'u');
export const isNameWord = (s: string): boolean => NAME_WORD.test(s);

/** Each word's hyphens and apostrophes stand between two letters ('Jean--Pierre', '-Jean' and "O'" fail). */
export const hasInnerPunctuationOnly = (s: string): boolean => s.split(/ +/).every(isNameWord);
