import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { fr } from '../../../i18n/fr';
import { makeTranslate, mergeCatalogues, messagesFor } from '../../../i18n';
import { MENU, messages } from '../../../src/domain';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

const enKeys = flatten(en);
const frKeys = flatten(fr);

describe('translation catalogues', () => {
  it('English and French have exactly the same keys', () => {
    expect([...frKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('no text is empty in either language', () => {
    for (const [key, value] of [...enKeys, ...frKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('keeps the same %{placeholders} in both languages', () => {
    const placeholders = (s: string) => (s.match(/%\{\w+\}/g) ?? []).sort();
    for (const [key, value] of enKeys) expect(placeholders(frKeys.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  it('holds every domain message under rpa.messages with its exact English text', () => {
    for (const [key, text] of Object.entries(messages)) expect(enKeys.get(`rpa.messages.${key}`)).toBe(text);
  });

  it('has a menu label for every key of the domain menu', () => {
    const keys = (nodes: typeof MENU): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);
    for (const key of keys(MENU)) expect(enKeys.has(`menu.${key}`), key).toBe(true);
  });
});

describe('translate helpers', () => {
  it('interpolates and picks plural forms like polyglot', () => {
    const t = makeTranslate(en);
    expect(t('rpa.app.version', { version: '6.0.0' })).toBe('Version 6.0.0');
    expect(t('resources.users.name', { smart_count: 2 })).toBe('Users');
    expect(t('resources.users.name', { smart_count: 1 })).toBe('User');
    expect(t('no.such.key')).toBe('no.such.key');
  });

  it('merges our texts over react-admin without dropping its namespace', () => {
    const merged = messagesFor('fr') as unknown as Tree;
    const flat = flatten(merged);
    expect(flat.get('ra.action.open_menu')).toBe('Déplier la barre latérale');
    expect(flat.get('ra.action.save')).toBeTruthy();
    expect(flat.get('rpa.messages.sessionExpired')).toBe('Session expirée');
    expect(mergeCatalogues({ a: { b: '1', c: '2' } }, { a: { c: '3' } })).toEqual({ a: { b: '1', c: '3' } });
  });
});
