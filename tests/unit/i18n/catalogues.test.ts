import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { fr } from '../../../i18n/fr';
import { createI18nProvider, makeTranslate, mergeCatalogues, messagesFor } from '../../../i18n';
import { MENU, messages, notificationTexts, processMessages, type MenuNode } from '../../../src/domain';
import { resourceMessages } from '../../../src/domain/declarations/messages';
import { DECLARATIONS } from '../../../src/domain/declarations/registry';

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

  it('holds every people-and-tenants answer under rpa.resourceMessages with its exact English text', () => {
    for (const [key, text] of Object.entries(resourceMessages))
      expect(enKeys.get(`rpa.resourceMessages.${key}`)).toBe(text);
  });

  it("holds every pop-up text about agents and runs (the server's answers use them) with its exact English text", () => {
    for (const [key, text] of Object.entries(notificationTexts))
      expect(enKeys.get(`rpa.notifications.${key}`)).toBe(text);
    for (const [key, text] of Object.entries(processMessages))
      expect(enKeys.get(`rpa.processMessages.${key}`)).toBe(text);
  });

  it("French names the bot studio one way ('Studio de robots') and says 'robot', never 'bot'", () => {
    const french = [...frKeys].filter(([key]) => !key.startsWith('rpa.home.'));
    const studio = french.filter(([, text]) => /studio/i.test(text));
    expect(studio.length).toBeGreaterThan(3);
    for (const [key, text] of studio) expect(text, key).toMatch(/Studio de robots/);
    // A placeholder (%{bot}) is a value's name, not a word the reader sees.
    for (const [key, text] of french) expect(text.replace(/%\{\w+\}/g, ''), key).not.toMatch(/\bbots?\b/i);
  });

  it('has a sidebar label in both languages for every entry, bespoke or declared', () => {
    const labels = (nodes: readonly MenuNode[]): string[] =>
      nodes.flatMap((n) => [n.label ?? `menu.${n.key}`, ...labels(n.children ?? [])]);
    for (const key of labels(MENU)) {
      expect(enKeys.has(key), `en ${key}`).toBe(true);
      expect(frKeys.has(key), `fr ${key}`).toBe(true);
    }
    expect(enKeys.get('menu.auditLog')).toBe('Audit Log');
  });

  // The screens fall back to a humanised English name when a label is missing, which the
  // key-parity test above cannot notice when both languages lack it.
  it.each(DECLARATIONS.map((def) => [def.name, def] as const))(
    'names the declared resource %s and each of its fields in English and in French',
    (name, def) => {
      const keys = [`resources.${name}.name`, ...Object.keys(def.fields).map((f) => `resources.${name}.fields.${f}`)];
      const missing = (catalogue: Map<string, string>) => keys.filter((key) => !catalogue.has(key));
      expect(missing(enKeys), 'missing in en').toEqual([]);
      expect(missing(frKeys), 'missing in fr').toEqual([]);
    },
  );
});

describe('French delete confirmations', () => {
  it("name the record with its article ('Supprimer le robot …'), for every resource a person can delete", () => {
    const deletable = ['companies', 'users', 'groups', 'registrationTokens', 'bots', 'agents'];
    for (const name of deletable) {
      expect(frKeys.get(`resources.${name}.message.delete_title`), name).toMatch(
        /^Supprimer (le |la |l'|les )\S.* %\{recordRepresentation\}$/,
      );
    }
    const t = makeTranslate(fr);
    expect(t('resources.bots.message.delete_title', { recordRepresentation: 'Invoice Bot' })).toBe(
      'Supprimer le robot Invoice Bot',
    );
  });

  it('a bulk delete counts the records, so one reads "Supprimer 1 robot"', () => {
    const t = makeTranslate(messagesFor('fr') as unknown as Tree);
    expect(t('ra.message.bulk_delete_title', { smart_count: 1, name: 'robot' })).toBe('Supprimer 1 robot');
    expect(t('ra.message.bulk_delete_title', { smart_count: 3, name: 'robots' })).toBe('Supprimer 3 robots');
  });
});

describe('translate helpers', () => {
  it("the shell's i18nProvider shows a server's English answer in the chosen language", async () => {
    localStorage.clear();
    const provider = createI18nProvider();
    expect(provider.translate('Company registered successfully!')).toBe('Company registered successfully!');
    await provider.changeLocale('fr');
    expect(provider.translate('Company registered successfully!')).toBe('Société enregistrée avec succès !');
    expect(provider.translate('User deleted successfully!')).toBe(fr.rpa.messages.userDeleted);
    expect(provider.translate('An unknown server text')).toBe('An unknown server text');
    await provider.changeLocale('en');
  });

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
