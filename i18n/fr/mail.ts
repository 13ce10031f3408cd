import type { mail as enMail } from '../en/mail';
import type { DeepStrings } from '../types';

export const mail: DeepStrings<typeof enMail> = {
  emailConfigurations: {
    name: 'Configuration e-mail |||| Configurations e-mail',
    fields: {
      id: 'Identifiant',
      companyId: 'Société',
      companyName: 'Société',
      createdBy: 'Créée par',
      host: 'Hôte',
      imapHost: "Nom d'hôte IMAP",
      imapPort: 'Port IMAP',
      imapSecure: 'IMAP sur TLS',
      smtpHost: "Nom d'hôte SMTP",
      smtpPort: 'Port SMTP',
      smtpSecure: 'SMTP sur TLS (sinon STARTTLS)',
      email: 'E-mail',
      secret: "Mot de passe d'application",
      secretEncrypted: "Mot de passe d'application (chiffré)",
      botId: 'Robot',
      botName: 'Robot',
      agentId: 'Agent',
      agentName: 'Agent',
      operation: 'Opération',
      criteria: 'Critère',
      criteriaValue: 'Valeur du critère',
      subjectLine: 'Objet',
      text: 'Texte',
      recipients: 'Destinataires',
      status: 'Statut',
      watchState: 'État',
      watchError: 'Raison',
      lastCheckedAt: 'Dernière vérification',
      createdAt: 'Créée le',
      updatedAt: 'Modifiée le',
    },
    choices: {
      host: { gmail: 'Gmail', outlook: 'Outlook', yahoo: 'Yahoo', custom: 'IMAP/SMTP personnalisé' },
      operation: { contains: 'Contient', equals: 'Est égal à', startsWith: 'Commence par', endsWith: 'Finit par' },
      criteria: { from: 'Expéditeur', subject: 'Objet', body: 'Corps' },
      status: { active: 'Active', inactive: 'Inactive' },
      watchState: {
        stopped: 'Arrêtée',
        connecting: 'Connexion',
        watching: 'Surveillée',
        retrying: 'Nouvel essai',
        failing: 'En échec',
      },
    },
    instructions: {
      gmail:
        'Activez la validation en deux étapes du compte Google, puis ouvrez Compte Google › Sécurité › Mots de passe des applications, créez-en un nommé « RPA » et collez ici ses 16 caractères. IMAP doit être activé dans les paramètres de Gmail.',
      outlook:
        "Activez la vérification en deux étapes du compte Microsoft, puis ouvrez Sécurité › Options de sécurité avancées › Mots de passe d'application, créez-en un et collez-le ici.",
      yahoo:
        "Ouvrez Informations du compte Yahoo › Sécurité du compte, choisissez « Générer un mot de passe d'application », nommez-le « RPA » et collez-le ici.",
      custom:
        "Saisissez les noms d'hôte et ports IMAP et SMTP de votre serveur de messagerie, et le mot de passe de la boîte (ou un mot de passe d'application si le serveur en demande un).",
    },
    page: {
      list: 'Configurations e-mail',
      create: 'Ajouter une configuration e-mail',
      show: 'Configuration e-mail',
      edit: 'Modifier la configuration e-mail',
    },
    notifications: {
      created: 'Configuration e-mail créée avec succès !',
      updated: 'Configuration e-mail mise à jour avec succès !',
      deleted:
        'Configuration e-mail supprimée avec succès ! |||| %{smart_count} configurations supprimées avec succès !',
    },
    empty: 'Aucune configuration e-mail',
    emptyCreate: "Cliquez sur Créer pour lancer un robot à l'arrivée d'un e-mail.",
    emptyNothing: 'Les configurations e-mail de votre société apparaîtront ici.',
    secretKept: 'Laissez vide pour garder le mot de passe enregistré.',
    recipientsHelp:
      "Jusqu'à 10 adresses e-mail, séparées par des virgules ; chacune reçoit la réponse avec le résultat",
    checkConnection: 'Vérifier la connexion',
    checking: 'Vérification…',
    neverChecked: 'Jamais vérifiée',
    health: '%{state} depuis %{time}',
  },
};
