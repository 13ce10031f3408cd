import type { basics as enBasics } from '../en/basics';
import type { DeepStrings } from '../types';

export const basics: DeepStrings<typeof enBasics> = {
  app: {
    name: 'Salle de contrôle RPA',
    loading: 'Chargement',
    version: 'Version %{version}',
  },
  common: {
    submit: 'Envoyer',
    cancel: 'Annuler',
    close: 'Fermer',
    save: 'Enregistrer',
    copy: 'Copier',
  },
};
