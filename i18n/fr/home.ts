import type { home as enHome } from '../en/home';
import type { DeepStrings } from '../types';

export const home: DeepStrings<typeof enHome> = {
  nav: {
    login: 'Connexion',
    requestDemo: 'Demander une démo',
    language: 'Langue',
    mainNavigation: 'Navigation principale',
  },
  hero: {
    title: 'Mettez vos tâches répétitives en pilote automatique',
    subtitle:
      'Créez des robots logiciels, exécutez-les sur vos propres agents, planifiez-les et suivez chaque processus en direct depuis une seule salle de contrôle.',
    requestDemo: 'Demander une démo',
    signIn: 'Se connecter à sa salle de contrôle',
  },
  benefits: {
    title: 'Pourquoi les équipes choisissent notre salle de contrôle',
    speed: {
      title: 'Des processus plus rapides',
      text: 'Les robots travaillent jour et nuit et terminent en minutes ce qui prenait des heures.',
    },
    accuracy: {
      title: "Moins d'erreurs",
      text: "Chaque exécution suit les mêmes étapes, avec un journal complet de ce qui s'est passé.",
    },
    scale: {
      title: 'Évolue avec vous',
      text: 'Ajoutez des agents et des robots au rythme de votre activité, dans toutes vos sociétés.',
    },
    control: {
      title: 'Maîtrise totale',
      text: 'Rôles, groupes et notifications en direct tiennent chaque équipe informée.',
    },
  },
  useCases: {
    title: "Cas d'usage",
    label: "Cas d'usage par service",
    finance: {
      label: 'Finance',
      title: 'Factures et rapprochements',
      text: 'Lisez les factures reçues, saisissez-les dans votre ERP et rapprochez les relevés chaque nuit.',
    },
    hr: {
      label: 'Ressources humaines',
      title: 'Intégration sans paperasse',
      text: "Créez les comptes, envoyez les mails de bienvenue et classez les documents dès qu'une embauche est confirmée.",
    },
    it: {
      label: 'Exploitation informatique',
      title: 'Contrôles de routine planifiés',
      text: 'Réinitialisez des mots de passe, collectez des rapports et vérifiez les systèmes chaque minute, jour ou mois.',
    },
    operations: {
      label: 'Opérations',
      title: 'Des commandes de la boîte mail au système',
      text: 'Quand un mail correspond à vos critères, le bon robot se lance et répond avec le résultat.',
    },
  },
  testimonials: {
    title: 'Ce que disent nos clients',
    first: {
      quote: 'Notre clôture mensuelle est passée de cinq jours à un seul.',
      author: 'Priya Sharma',
      role: 'Contrôleuse financière',
    },
    second: {
      quote:
        'Nous planifions deux cents robots et dormons tranquilles : la salle de contrôle nous prévient quand quelque chose échoue.',
      author: 'Marc Dubois',
      role: 'Directeur informatique',
    },
    third: {
      quote: "L'installation d'un nouvel agent a pris dix minutes, jeton d'enregistrement compris.",
      author: 'Laura Chen',
      role: "Responsable de l'automatisation",
    },
  },
  footer: {
    copyright: '© %{year} %{companyName}',
    contact: 'Contact',
    chat: 'Discussion',
    email: 'E-mail',
    follow: 'Suivez-nous',
  },
};
