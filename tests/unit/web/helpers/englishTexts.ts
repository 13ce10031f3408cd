import { messagesFor } from '../../../../i18n';

type Tree = { [key: string]: unknown };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (typeof value === 'object' && value !== null) flatten(value as Tree, path, out);
  }
  return out;
}

/** A catalogue text's forms: polyglot's `||||` separates singular and plural. */
const formsOf = (text: string) =>
  text
    .split('||||')
    .map((form) => form.trim())
    .filter(Boolean);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /%\{\w+\}/g;
/** Too short to tell a language by (e.g. "In", "No"): a French text may hold them too. */
const MIN_LETTERS = 3;

export interface EnglishText {
  key: string;
  text: string;
  pattern: RegExp;
}

/**
 * Every English text of the catalogues the web app uses (ours merged over react-admin's) that a
 * French screen must not show: those whose French differs, minus the forms French also uses
 * somewhere (a word both languages share, like "Agent" or "Active") and those too short to
 * tell. `%{name}` placeholders match whatever text.
 */
export function englishOnlyTexts(ignore: readonly string[] = []): EnglishText[] {
  const en = flatten(messagesFor('en') as unknown as Tree);
  const fr = flatten(messagesFor('fr') as unknown as Tree);
  const frenchForms = new Set([...fr.values()].flatMap(formsOf));
  const out: EnglishText[] = [];
  for (const [key, text] of en) {
    if (fr.get(key) === text) continue;
    for (const form of formsOf(text)) {
      const literal = form.replace(PLACEHOLDER, '');
      if (frenchForms.has(form) || ignore.includes(form) || (literal.match(/\p{L}/gu) ?? []).length < MIN_LETTERS)
        continue;
      const body = form.split(PLACEHOLDER).map(escape).join('.+?');
      // Whole words only: "Users" must not be found inside "Utilisateurs".
      const start = /^\w/.test(form) ? '(?<![\\p{L}\\d])' : '';
      const end = /\w$/.test(form) ? '(?![\\p{L}\\d])' : '';
      out.push({ key, text: form, pattern: new RegExp(`${start}${body}${end}`, 'u') });
    }
  }
  return out;
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/** What a person perceives of the page: its texts (not in hidden elements) and its accessible labels. */
export function perceivedTexts(root: HTMLElement = document.body): string[] {
  const texts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
      return;
    }
    if (!(node instanceof HTMLElement) || SKIPPED.has(node.tagName) || node.hidden) return;
    for (const name of ATTRIBUTES) {
      const value = node.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
    node.childNodes.forEach(visit);
  };
  visit(root);
  return texts;
}

export interface EnglishFound {
  seen: string;
  english: string;
  key: string;
}

/**
 * The English catalogue texts among `texts`. Record data (names, e-mails, descriptions) is
 * taken out first: "Uma User" is a person, not the word "User".
 */
export function findEnglish(
  texts: readonly string[],
  english: readonly EnglishText[],
  data: readonly string[],
): EnglishFound[] {
  const byLength = [...data].sort((a, b) => b.length - a.length);
  const found = new Map<string, EnglishFound>();
  for (const seen of new Set(texts)) {
    const rest = byLength.reduce((text, value) => text.split(value).join(' '), seen);
    // One line per text seen and English found, whichever of its keys it came from.
    for (const { key, text, pattern } of english)
      if (pattern.test(rest) && !found.has(`${seen}\n${text}`))
        found.set(`${seen}\n${text}`, { seen, english: text, key });
  }
  return [...found.values()];
}
