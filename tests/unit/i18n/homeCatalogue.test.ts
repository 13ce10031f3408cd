import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../../i18n/en';
import { fr } from '../../../i18n/fr';
import { homeEn } from '../../../i18n/homeEn';
import { homeFr } from '../../../i18n/homeFr';

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

/** A fresh copy of the catalogue store, as a page that has downloaded nothing yet sees it. */
async function freshStore() {
  vi.resetModules();
  const language = await import('../../../i18n/language');
  const store = await import('../../../i18n/catalogues');
  return { ...language, ...store };
}

afterEach(() => localStorage.clear());

describe("the home page's own catalogue", () => {
  it('holds the same texts as the whole catalogue, in both languages', () => {
    const full = { en: flatten(en), fr: flatten(fr) };
    const home = { en: flatten(homeEn), fr: flatten(homeFr) };
    expect([...home.fr.keys()].sort()).toEqual([...home.en.keys()].sort());
    expect(home.en.has('rpa.home.hero.title')).toBe(true);
    for (const locale of ['en', 'fr'] as const)
      for (const [key, text] of home[locale]) expect(full[locale].get(key), `${locale} ${key}`).toBe(text);
  });

  it('leaves out the texts of the other pages', () => {
    const keys = [...flatten(homeEn).keys()];
    expect(keys.some((key) => key.startsWith('rpa.login.') || key.startsWith('resources.'))).toBe(false);
  });
});

describe('the catalogues a page downloads', () => {
  it("shows a French visitor's home page in French once its texts are in", async () => {
    localStorage.setItem('language', 'fr');
    const { currentTranslate, prepareTranslations } = await freshStore();
    await prepareTranslations('home');
    expect(currentTranslate()('rpa.home.nav.login')).toBe('Connexion');
    expect(currentTranslate()('rpa.common.close')).toBe('Fermer');
  });

  it('keeps the texts shown until the newly chosen language is downloaded, never a bare key', async () => {
    const { currentTranslate, setLanguage, subscribeTranslations } = await freshStore();
    expect(currentTranslate()('rpa.home.nav.login')).toBe('Login');
    const changed = vi.fn();
    subscribeTranslations(changed);
    setLanguage('fr');
    expect(currentTranslate()('rpa.home.nav.login')).toBe('Login');
    await vi.waitFor(() => expect(currentTranslate()('rpa.home.nav.login')).toBe('Connexion'), { timeout: 5_000 });
    expect(changed).toHaveBeenCalled();
  });

  it('gives the other pages their texts once the whole catalogue is in', async () => {
    const { currentTranslate, prepareTranslations } = await freshStore();
    expect(currentTranslate()('rpa.login.title')).toBe('rpa.login.title');
    await prepareTranslations('full');
    expect(currentTranslate()('rpa.login.title')).toBe('Login');
    expect(currentTranslate()('rpa.home.nav.login')).toBe('Login');
  });

  it('after the whole catalogue, a new language is shown only once its whole catalogue is in', async () => {
    const { currentTranslate, prepareTranslations, setLanguage } = await freshStore();
    await prepareTranslations('full');
    setLanguage('fr');
    expect(currentTranslate()('rpa.login.title')).toBe('Login');
    await vi.waitFor(() => expect(currentTranslate()('rpa.forgot.title')).toBe('Mot de passe oublié'), {
      timeout: 5_000,
    });
  });
});
