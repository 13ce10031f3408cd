import type { processes as en } from '../en/processes';
import type { DeepStrings } from '../types';

export const processes: DeepStrings<typeof en> = {
  processes: {
    name: 'Processus |||| Processus',
    fields: {
      id: 'Identifiant',
      companyId: 'Société',
      companyName: 'Société',
      botId: 'Robot',
      botName: 'Robot',
      agentId: 'Agent',
      agentName: 'Agent',
      deviceId: 'Appareil',
      userId: 'Utilisateur',
      userName: 'Utilisateur',
      status: 'Statut',
      priority: 'Priorité',
      parameters: 'Paramètres',
      timeoutSeconds: "Délai d'exécution (secondes)",
      source: 'Lancé par',
      logCount: 'Lignes du journal',
      exitCode: 'Code de sortie',
      reason: 'Raison',
      startedAt: 'Début',
      endedAt: 'Fin',
      duration: 'Durée',
      createdAt: 'Créé le',
      updatedAt: 'Mis à jour le',
    },
    choices: {
      status: { 0: 'En attente', 1: 'En cours', 2: 'Exécuté', 3: 'Erreur/Échec', 4: 'Annulé', 5: 'Agent déconnecté' },
      source: { manual: 'Exécution', schedule: 'Planification', email: 'E-mail' },
    },
    page: { list: 'État actuel', show: 'Détails du processus', create: 'État actuel', edit: 'Détails du processus' },
    empty: 'Aucun processus pour le moment',
    emptyNothing: 'Exécutez un robot depuis la liste des robots : son processus apparaît ici.',
    cancel: 'Annuler',
    details: 'Détails',
    logs: 'Journaux',
    stop: 'Arrêter',
    stopConfirm: {
      title: 'Arrêter le processus %{id} ?',
      content: "L'agent arrête maintenant l'exécution du bot ; le processus se termine Annulé. C'est irréversible.",
    },
    cancelConfirm: {
      title: 'Annuler les processus sélectionnés ?',
      confirm: 'Annuler ceux en attente',
      keep: 'Les garder',
      content:
        "Celui en attente parmi la sélection quitte la file de son agent et ne s'exécutera pas ; un processus déjà en cours ou terminé n'est pas modifié. |||| Ceux en attente parmi les %{smart_count} sélectionnés quittent la file de leur agent et ne s'exécuteront pas ; les processus déjà en cours ou terminés ne sont pas modifiés.",
    },
    agentGone: {
      waiting:
        'Agent déconnecté — attente de son retour pendant %{smart_count} s au plus ; Arrêter revient avec lui. |||| Agent déconnecté — attente de son retour pendant %{smart_count} s au plus ; Arrêter revient avec lui.',
      over: "Agent déconnecté — il n'est pas revenu à temps : l'exécution va être marquée en échec.",
    },
    downloadLog: 'Télécharger le journal',
    log: { title: 'Journaux', empty: 'Aucune ligne de journal pour le moment.', loading: 'Lecture du journal…' },
  },
  processHistory: {
    name: 'Historique |||| Historiques',
    fields: {
      at: 'Heure',
      processId: 'Processus',
      botName: 'Robot',
      agentName: 'Agent',
      status: 'Statut',
      stream: 'Flux',
      text: 'Ligne',
    },
    page: { list: 'Historique des journaux' },
    from: 'Du',
    to: 'Au',
  },
};
