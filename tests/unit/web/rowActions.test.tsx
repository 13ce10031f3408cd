import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../i18n/language';
import { withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { botsApi } from './helpers/automation';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const slow = { timeout: 5000 };
/** A row's actions: links and buttons, but not its selection checkbox. */
const actionsOf = (row: HTMLElement) => [
  ...within(row).queryAllByRole('link'),
  ...within(row).queryAllByRole('button'),
];

describe('row actions are icons named by their action', { timeout: 30_000 }, () => {
  it('no text in the row: each action has its name as accessible name and tooltip', async () => {
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/view');
    const row = await rowOf('Invoice Bot');
    const actions = actionsOf(row);
    expect(actions.map((a) => a.getAttribute('aria-label'))).toEqual([
      'View',
      'Update',
      'Run',
      'Delete',
      'Download XAML',
    ]);
    for (const action of actions) expect(action).toHaveTextContent(/^$/);

    await userEvent.setup().hover(within(row).getByRole('button', { name: 'Download XAML' }));
    expect(await screen.findByRole('tooltip', {}, slow)).toHaveTextContent('Download XAML');
  });

  it('in French, the names are French', async () => {
    setLanguage('fr');
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/view');
    const row = await rowOf('Invoice Bot');
    expect(actionsOf(row).map((a) => a.getAttribute('aria-label'))).toEqual([
      'Voir',
      'Modifier',
      'Exécuter',
      'Supprimer',
      'Télécharger le XAML',
    ]);
  });

  it('a details page keeps labelled buttons', async () => {
    storeSession(ACTORS.customerAdmin);
    peopleApi();
    botsApi();
    await renderShell('/controlroom/bots/details/b-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update' })).toHaveTextContent('Update');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveTextContent('Delete');
    expect(screen.getByRole('button', { name: 'Download' })).toHaveTextContent('Download');
  });
});
