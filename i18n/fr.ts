import type { EnglishCatalogue } from './en';
import type { DeepStrings } from './types';
import { app } from './fr/app';
import { home } from './fr/home';
import { messages } from './fr/messages';
import { resourceMessages } from './fr/resourceMessages';
import { menu, resources } from './fr/resources';

/** The complete French catalogue: typed against English so that no key can be missing. */
export const fr: DeepStrings<EnglishCatalogue> = {
  rpa: { ...app, home, messages, resourceMessages },
  menu,
  resources,
  ra: {
    action: { open_menu: 'Déplier la barre latérale', close_menu: 'Replier la barre latérale' },
    message: { bulk_delete_title: 'Supprimer %{smart_count} %{name} |||| Supprimer %{smart_count} %{name}' },
  },
};
