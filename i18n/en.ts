import { messages } from '../src/domain/messages';
import { resourceMessages } from '../src/domain/declarations/messages';
import { app } from './en/app';
import { home } from './en/home';
import { menu, resources } from './en/resources';

/**
 * Our English catalogue. react-admin's own texts (ra-language-english) are merged in by the
 * i18nProvider, so the public pages can use this file without pulling react-admin in.
 */
export const en = {
  rpa: {
    ...app,
    home,
    // The domain's validators return message keys; the same texts the server answers with.
    messages: { ...messages },
    // The people-and-tenants answers of the server (e.g. 'Company registered successfully!').
    resourceMessages: { ...resourceMessages },
  },
  menu,
  resources,
  // Overrides of react-admin texts: the sidebar toggle must not be confused with the "Menu" button.
  ra: {
    action: { open_menu: 'Expand sidebar', close_menu: 'Collapse sidebar' },
    // With the count, one record reads well in every language ("Supprimer 1 robot", not "Supprimer robot").
    message: { bulk_delete_title: 'Delete %{smart_count} %{name} |||| Delete %{smart_count} %{name}' },
  },
};

export type EnglishCatalogue = typeof en;
