import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { createI18nProvider } from '../../../i18n';
import { routes } from '../../../src/app/router';
import { PROCESS_REASON_KEYS, type LiveNotification } from '../../../src/domain';
import { Toaster } from '../../../src/custom/toast/Toaster';
import { clearToasts } from '../../../src/custom/toast/toastStore';
import { setNavigator } from '../../../src/app/navigation';
import { resetPublicConfigCache } from '../../../src/custom/config/publicConfig';
import { resources } from '../../../src/resources';
import { editPathOf, pathsOf, showPathOf } from '../../../src/resources/schema';
import { server, withFakeApi } from './helpers/msw';
import './helpers/screens';
import { PROCESSES } from './helpers/processes';
import { withDomCleanup } from './helpers/dom';
import { ACTORS, storeSession } from './helpers/session';
import { englishOnlyTexts, findEnglish, perceivedTexts } from './helpers/englishTexts';
import { DATA_TEXTS, worldApi } from './helpers/world';

/** The shell's live notifications: the page's handler, to push a notification as the server would. */
const live = vi.hoisted(() => ({ onMessage: undefined as ((n: LiveNotification) => void) | undefined }));
vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: (_auth: unknown, handlers: { onMessage: (n: LiveNotification) => void }) => {
    live.onMessage = handlers.onMessage;
    return { disconnect: () => undefined };
  },
}));

withFakeApi();
withDomCleanup();

/** Names that stay as they are in every language. */
const PROPER_NOUNS = ['RPA'];
const english = englishOnlyTexts(PROPER_NOUNS);
const slow = { timeout: 8000 };

/** A record of each registered resource that the world serves, and a text its screens show. */
const SAMPLE: Record<string, { id: string; shows: string }> = {
  companies: { id: 'c-1', shows: 'Acme Corp' },
  users: { id: 'u-2', shows: 'Uma User' },
  groups: { id: 'g-1', shows: 'Finance Team' },
  registrationTokens: { id: 't-1', shows: 'Acme Corp' },
  audit: { id: 'au-1', shows: 'uma@acme.com' },
  bots: { id: 'b-1', shows: 'Invoice Bot' },
  agents: { id: 'a-1', shows: 'Finance PC' },
  processes: { id: '11111111-aaaa-4aaa-8aaa-000000000001', shows: 'Invoice Bot' },
  schedules: { id: 'sc-1', shows: 'Invoice Bot' },
  scheduleHistory: { id: 'sh-2', shows: 'Invoice Bot' },
  nonWorkingDays: { id: 'nw-1', shows: 'Founders Day' },
  emailConfigurations: { id: 'ec-1', shows: 'invoices@acme.com' },
};

type Kind = 'list' | 'show' | 'create' | 'edit';
interface Screen {
  path: string;
  kind: Kind | 'page';
  /** A text the screen shows once its data is there. */
  shows?: string;
  /** A public page, seen without a session (signed in, /login would open the control room). */
  signedOut?: boolean;
}

/** Every list, create, edit and details screen of every registered resource. */
function resourceScreens(): Screen[] {
  return resources
    .filter((resource) => resource.routes !== false)
    .flatMap((resource): Screen[] => {
      const { def } = resource;
      const sample = SAMPLE[def.name];
      if (!sample)
        throw new Error(`The French screens test needs a sample record of '${def.name}' (SAMPLE and helpers/world.ts)`);
      return [
        { path: pathsOf(def).list, kind: 'list', shows: sample.shows },
        { path: showPathOf(def, sample.id), kind: 'show', shows: sample.shows },
        ...(resource.createPage === false ? [] : [{ path: pathsOf(def).create, kind: 'create' as const }]),
        { path: editPathOf(def, sample.id), kind: 'edit' },
      ];
    });
}

const BESPOKE: Screen[] = [
  { path: '/', kind: 'page', shows: 'Mettez vos tâches répétitives en pilote automatique', signedOut: true },
  { path: '/login', kind: 'page', shows: 'Mot de passe oublié ?', signedOut: true },
  { path: '/account/forgot-password', kind: 'page', shows: 'Retour à la connexion', signedOut: true },
  { path: '/account/reset-password?token=link-token', kind: 'page', shows: 'Nouveau mot de passe', signedOut: true },
  { path: '/account/reset-password', kind: 'page', shows: 'Demander un nouveau lien', signedOut: true },
  { path: '/notfound', kind: 'page', signedOut: true },
  { path: '/controlroom', kind: 'page', shows: 'Bienvenue, Ada Lovelace' },
  { path: '/controlroom/profile/userdetails', kind: 'page', shows: 'root@rpa.local' },
  { path: '/controlroom/account/reset-password', kind: 'page' },
  { path: '/controlroom/process/logs', kind: 'page', shows: 'Invoice Bot' },
];

/** Requests the screens made that the world does not answer: the world must grow with the app. */
let unhandled: string[] = [];
let inFlight = 0;
beforeAll(() => {
  server.events.on('request:start', () => void (inFlight += 1));
  server.events.on('request:end', () => void (inFlight -= 1));
  server.events.on(
    'request:unhandled',
    ({ request }) => void unhandled.push(`${request.method} ${new URL(request.url).pathname}`),
  );
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('language', 'fr');
  resetPublicConfigCache();
  unhandled = [];
  worldApi();
});
afterEach(() => expect(unhandled, 'requests the world of helpers/world.ts does not answer').toEqual([]));

function renderAt(path: string, options: { toaster?: boolean } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  render(
    <>
      <RouterProvider router={router} />
      {options.toaster && <Toaster />}
    </>,
  );
  return router;
}

/** The toast on screen. */
const toast = () => screen.queryAllByRole('alert').find((el) => el.classList.contains('rpa-toast'));

/** The screen has its data: its marker text, no request under way, nothing spinning. */
async function settled(shows?: string) {
  await screen.findByRole('heading', { level: 1 }, slow);
  if (shows) await screen.findAllByText(shows, {}, slow);
  await waitFor(() => {
    expect(inFlight).toBe(0);
    expect(screen.queryAllByRole('progressbar')).toEqual([]);
  }, slow);
}

/** The English texts the page shows now, as "seen ← english (key)" lines. */
const englishOnPage = () =>
  findEnglish(perceivedTexts(), english, DATA_TEXTS).map(
    ({ seen, english: text, key }) => `${seen} ← ${text} (${key})`,
  );

/** Inputs the browser would check itself on submit (and cover the product's message with its bubble). */
const CONSTRAINED =
  'input[type=email], input[type=url], input[type=number], [required], [min], [max], [pattern], [minlength], [maxlength], [step]';
const browserValidatedInputs = () =>
  [...document.querySelectorAll('form:not([novalidate])')].flatMap((form) =>
    [...form.querySelectorAll(CONSTRAINED)].map((input) => input.outerHTML.slice(0, 120)),
  );

/** Empty required fields show their messages: those must be French too. */
async function submitEmpty(u: ReturnType<typeof userEvent.setup>) {
  const save = screen.queryByRole('button', { name: /^(Enregistrer|Envoyer|Se connecter)$/ });
  if (save && !save.hasAttribute('disabled')) await u.click(save);
}

describe('every screen in French shows none of the English texts', { timeout: 60_000 }, () => {
  it('knows the English texts to look for', () => {
    expect(english.map((e) => e.text)).toEqual(
      expect.arrayContaining(['Users', 'Created at', 'Customer Admin', 'Delete']),
    );
  });

  it.each([...resourceScreens(), ...BESPOKE].map((s) => [`${s.kind} ${s.path}`, s] as const))(
    '%s',
    async (_name, target) => {
      if (!target.signedOut) storeSession(ACTORS.superAdmin);
      renderAt(target.path);
      await settled(target.shows);
      const u = userEvent.setup();
      const problems = englishOnPage();

      if (target.kind === 'create' || target.kind === 'page') {
        await submitEmpty(u);
        problems.push(...englishOnPage());
      }
      if (target.kind === 'show') {
        for (const tab of screen.queryAllByRole('tab')) {
          await u.click(tab);
          await settled();
          problems.push(...englishOnPage());
        }
      }
      expect([...new Set(problems)]).toEqual([]);
      // The product's messages are the only ones: no form lets the browser check an input and show its own bubble.
      expect(browserValidatedInputs(), target.path).toEqual([]);
    },
  );

  it('the demo form and its messages', async () => {
    renderAt('/');
    await settled();
    const u = userEvent.setup();
    await u.click(screen.getAllByRole('button', { name: 'Demander une démo' })[0]);
    const dialog = await screen.findByRole('dialog', {}, slow);
    await u.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await within(dialog).findByText('Veuillez saisir le prénom !');
    expect(englishOnPage()).toEqual([]);
  });

  it.each([
    ['/controlroom/registrationTokens', 'Acme Corp', null, 'Générer un jeton'],
    ['/controlroom/groups/details/g-1', 'Finance Team', 'Membres', 'Ajouter des utilisateurs'],
    ['/controlroom/bots/view', 'Invoice Bot', null, 'Exécuter'],
  ])('the dialog of %s, empty-submitted', async (path, shows, tab, opener) => {
    storeSession(ACTORS.superAdmin);
    renderAt(path);
    await settled(shows);
    const u = userEvent.setup();
    if (tab) await u.click(screen.getByRole('tab', { name: tab }));
    await u.click(screen.getAllByRole('button', { name: opener })[0]);
    const dialog = await screen.findByRole('dialog', {}, slow);
    await u.click(within(dialog).getByRole('button', { name: opener }));
    await waitFor(() => expect(inFlight).toBe(0));
    expect(englishOnPage()).toEqual([]);
    expect(browserValidatedInputs()).toEqual([]);
  });

  it('a delete confirmation names the record with its article', async () => {
    storeSession(ACTORS.superAdmin);
    renderAt(showPathOf(resources.find((r) => r.def.name === 'bots')?.def ?? resources[0].def, 'b-1'));
    await settled('Invoice Bot');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Supprimer le robot Invoice Bot');
    expect(englishOnPage()).toEqual([]);
  });

  it('the audit log names roles, resources and what changed in French', async () => {
    storeSession(ACTORS.superAdmin);
    renderAt('/controlroom/audit');
    await settled('uma@acme.com');
    const row = screen.getByText('uma@acme.com').closest('tr') ?? document.body;
    // The actor's role (User) and the audited resource (users).
    expect(within(row).getAllByText('Utilisateur')).toHaveLength(2);
    expect(screen.getByText('Administrateur client')).toBeInTheDocument();
    cleanup();

    renderAt('/controlroom/audit/details/au-1');
    await settled('uma@acme.com');
    const changes = within(screen.getByText('Modifications').nextElementSibling as HTMLElement);
    expect(changes.getByText('Modification').nextElementSibling).toHaveTextContent('Mot de passe');
    expect(changes.getByText('Par').nextElementSibling).toHaveTextContent('Lien de réinitialisation');
  });

  it('dates and numbers are written the French way', async () => {
    storeSession(ACTORS.superAdmin);
    renderAt('/controlroom/profile/userdetails');
    await settled('root@rpa.local');
    // 2025-02-01T10:00:00Z in this machine's time zone, as French writes it: day first, 24-hour clock.
    const created = new Date('2025-02-01T10:00:00.000Z').toLocaleString('fr');
    expect(created).toMatch(/^01\/02\/2025 \d{2}:\d{2}:00$/);
    expect(screen.getByText(created)).toBeInTheDocument();
    cleanup();

    renderAt('/controlroom/company/details/c-1');
    await settled('Acme Corp');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Licence' }));
    const amount = `${(15000).toLocaleString('fr', { minimumFractionDigits: 2 })} USD`;
    expect(amount).toMatch(/^15\s000,00 USD$/u);
    // Testing Library reads the page's (narrow) no-break spaces as plain ones.
    expect(await screen.findByText(amount.replace(/\s/gu, ' '))).toBeInTheDocument();
    cleanup();

    // A file of 2048 bytes: "2 Ko".
    renderAt('/controlroom/bots/details/b-1');
    await settled('Invoice Bot');
    expect(screen.getByText('2 Ko')).toBeInTheDocument();
  });

  const PID = '1a2b3c4d-5e6f-4a8b-9c0d-112233445566';
  it.each([
    [{ type: 'agent', operation: 'insert', data: { id: 'a-1', deviceId: 'PC-42' } }, 'Agent PC-42 ajouté avec succès'],
    [{ type: 'agent', operation: 'update', data: { id: 'a-1', deviceId: 'PC-42', status: 1 } }, 'Agent PC-42 connecté'],
    [
      { type: 'agent', operation: 'update', data: { id: 'a-1', deviceId: 'PC-42', status: 0 } },
      'Agent PC-42 déconnecté avec succès',
    ],
    [
      { type: 'process', operation: 'insert', data: { id: PID, status: 0 } },
      'Processus 1a2b3c4d... ajouté avec succès',
    ],
    [
      { type: 'process', operation: 'update', data: { id: PID, status: 1 } },
      'Processus 1a2b3c4d... en cours d’exécution',
    ],
    [
      { type: 'process', operation: 'update', data: { id: PID, status: 2 } },
      'Processus 1a2b3c4d... terminé avec succès',
    ],
    [{ type: 'process', operation: 'update', data: { id: PID, status: 3 } }, 'Processus 1a2b3c4d... en échec'],
    [{ type: 'process', operation: 'update', data: { id: PID, status: 4 } }, 'Processus 1a2b3c4d... annulé'],
    [
      { type: 'process', operation: 'update', data: { id: PID, status: 5 } },
      "Processus 1a2b3c4d... en échec car l'agent est déconnecté",
    ],
  ] satisfies [LiveNotification, string][])('the live pop-up of %o reads "%s"', async (notification, french) => {
    storeSession(ACTORS.superAdmin);
    clearToasts();
    renderAt('/controlroom', { toaster: true });
    await settled('Bienvenue, Ada Lovelace');
    act(() => live.onMessage?.(notification));
    await waitFor(() => expect(toast()).toHaveTextContent(french));
    await waitFor(() => expect(inFlight).toBe(0));
    expect(englishOnPage()).toEqual([]);
  });

  it("the server's answers about runs, shown as pop-ups", async () => {
    // The English the server writes, values and all, as the French toast shows it.
    const i18n = createI18nProvider();
    await i18n.changeLocale('fr');
    expect(i18n.translate('Process with Id ce8c9f82... Added successfully')).toBe(
      'Processus ce8c9f82... ajouté avec succès',
    );
    expect(i18n.translate('Process cancelled successfully!')).toBe('Processus annulé avec succès !');
    expect(i18n.translate('1 pending process cancelled successfully!')).toBe(
      '1 processus en attente annulé avec succès !',
    );
    expect(i18n.translate('3 pending processes cancelled successfully!')).toBe(
      '3 processus en attente annulés avec succès !',
    );
    expect(i18n.translate('The agent was asked to stop the process.')).toBe(
      "L'agent a été prié d'arrêter le processus.",
    );

    // On a screen: Cancel of a pending run on Current Status.
    storeSession(ACTORS.superAdmin);
    clearToasts();
    server.use(
      http.post('*/api/process/cancel', () =>
        HttpResponse.json({ message: 'Process cancelled successfully!', payload: { ids: [] } }),
      ),
    );
    renderAt('/controlroom/process', { toaster: true });
    await settled('Invoice Bot');
    const pending = screen.getByText('22222222').closest('tr') as HTMLElement;
    await userEvent.setup().click(within(pending).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(toast()).toHaveTextContent('Processus annulé avec succès !'));
    expect(toast()).toHaveClass('rpa-toast--success');
    await waitFor(() => expect(inFlight).toBe(0));
    expect(englishOnPage()).toEqual([]);
  });
  it("a run's reason reads French, whatever the server says ended it", async () => {
    const values = { name: 'Carla Acme', seconds: 90 };
    const i18n = createI18nProvider();
    await i18n.changeLocale('en');
    const english = new Map(
      PROCESS_REASON_KEYS.map((key) => [key, i18n.translate(`resources.processes.reasons.${key}`, values)]),
    );
    await i18n.changeLocale('fr');
    // The French of every reason the server writes is written, and differs from the English.
    const french = (key: string) => i18n.translate(`resources.processes.reasons.${key}`, values);
    for (const key of PROCESS_REASON_KEYS) {
      expect(french(key), key).not.toBe(`resources.processes.reasons.${key}`);
      expect(french(key), key).not.toBe(english.get(key));
    }
    expect(french('stoppedBy')).toBe('Arrêté par Carla Acme');
    expect(french('timedOut')).toBe('Délai dépassé après 90 s');

    // On the details page of a run a user stopped: the reason and every other text in French.
    storeSession(ACTORS.superAdmin);
    const stopped = {
      ...PROCESSES[0],
      status: 4,
      reason: 'Stopped by Carla Acme',
      reasonKey: 'stoppedBy',
      reasonValues: { name: 'Carla Acme' },
    };
    server.use(
      http.get('*/api/process/details/:id', () => HttpResponse.json({ message: 'Process details', payload: stopped })),
    );
    renderAt(`/controlroom/process/processDetails/${stopped.id}`);
    await settled('Arrêté par Carla Acme');
    expect(screen.queryByText('Stopped by Carla Acme')).not.toBeInTheDocument();
    expect(englishOnPage()).toEqual([]);
  });
});
