import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { ControlRoom } from '../../../src/shell/ControlRoom';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { agentsApi, botsApi } from './helpers/automation';
import { processesApi } from './helpers/processes';
import { ACTORS, storeSession } from './helpers/session';
import { publicConfigHandler } from './helpers/shell';
import type { DetachedWindowAPI } from 'happy-dom';
import { cardLayout } from '../../../src/resources/schema/SchemaCards';

vi.mock('../../../src/custom/realtime/socket', () => ({
  connectRealtime: () => ({ on: () => undefined, emit: () => undefined, disconnect: () => undefined }),
}));

withFakeApi();
withDomCleanup();

const slow = { timeout: 10_000 };
const DESKTOP = { width: window.innerWidth, height: window.innerHeight };
/** happy-dom's own window API: its viewport drives the media queries. */
const { happyDOM } = window as unknown as { happyDOM: DetachedWindowAPI };

/** A phone's window (390 × 844): below 600 px the lists show one card per record. */
beforeEach(() => {
  localStorage.clear();
  happyDOM.setViewport({ width: 390, height: 844 });
  peopleApi();
  botsApi();
  agentsApi();
});
afterEach(() => happyDOM.setViewport(DESKTOP));

/** The shell at `path`, once its app bar is there (a phone's sidebar is a closed drawer). */
async function renderShell(path: string) {
  server.use(publicConfigHandler());
  const router = createMemoryRouter([{ path: '/controlroom/*', element: <ControlRoom /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('banner', {}, slow);
}

/** The card (list item) whose title is `title`; the list has loaded. */
const cardsOf = async (title: string) =>
  (await screen.findAllByText(title, {}, slow)).map((el) => el.closest('li') as HTMLElement);

describe('phone cards', { timeout: 30_000 }, () => {
  it('a run card shows its status, short id, agent, start and duration, and no table is drawn', async () => {
    storeSession(ACTORS.customerAdmin);
    processesApi();
    await renderShell('/controlroom/process');
    const cards = await cardsOf('Invoice Bot');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    const [executed, pending, running] = cards;
    expect(within(executed).getByText('Executed')).toBeInTheDocument();
    expect(within(executed).getByText('11111111')).toBeInTheDocument();
    expect(within(executed).getByText('Finance PC')).toBeInTheDocument();
    expect(within(executed).getByText('1:05')).toBeInTheDocument();
    expect(within(executed).getByText('Start:')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).getByRole('link', { name: 'Details' })).toBeInTheDocument();
  });

  it('in French a card labels its lines in French, with the space French puts before a colon', async () => {
    storeSession(ACTORS.customerAdmin);
    localStorage.setItem('language', 'fr');
    processesApi();
    await renderShell('/controlroom/process');
    const [executed] = await cardsOf('Invoice Bot');
    expect(within(executed).getByText('Exécuté')).toBeInTheDocument();
    expect(within(executed).getByText('Identifiant :')).toBeInTheDocument();
    expect(within(executed).getByText('Début :')).toBeInTheDocument();
  });

  it('an agent card says connected or disconnected, what it runs and whether an admin reserved it; the downloads show their names', async () => {
    storeSession(ACTORS.customerAdmin);
    await renderShell('/controlroom/agents');
    const [finance] = await cardsOf('Finance PC');
    expect(within(finance).getByText('Connected')).toBeInTheDocument();
    expect(within(finance).getByText('Now running:')).toBeInTheDocument();
    expect(within(finance).getByText('Reserved by admin:')).toBeInTheDocument();
    expect(within(finance).getByText('No')).toBeInTheDocument();
    const [backOffice] = await cardsOf('Back Office PC');
    expect(within(backOffice).getByText('Disconnected')).toBeInTheDocument();
    expect(within(backOffice).getByText('Reserved by admin:')).toBeInTheDocument();
    expect(within(backOffice).getByText('Yes')).toBeInTheDocument();
    // The downloads keep their names in sight, not only as tooltips.
    expect(screen.getByRole('button', { name: 'Download agent' })).toHaveTextContent('Download agent');
    expect(screen.getByRole('button', { name: 'Download bot studio' })).toHaveTextContent('Download bot studio');
  });

  it('a bot card names its company (two companies may have bots of the same name)', async () => {
    storeSession(ACTORS.customerAdmin);
    await renderShell('/controlroom/bots/view');
    const [invoice] = await cardsOf('Invoice Bot');
    expect(within(invoice).getByText('Company:')).toBeInTheDocument();
    expect(within(invoice).getByText('Acme Corp')).toBeInTheDocument();
  });
});

describe('cardLayout', () => {
  it('defaults to the first column as title, the status column beside it and the next two as lines', () => {
    expect(cardLayout(['fullName', 'email', 'role', 'status', 'createdAt'])).toEqual({
      title: 'fullName',
      status: ['status'],
      lines: ['email', 'role'],
    });
    expect(cardLayout(['name', 'description', 'userCount'])).toEqual({
      title: 'name',
      status: [],
      lines: ['description', 'userCount'],
    });
  });

  it("keeps a resource's own parts", () => {
    const card = { title: 'botName', status: ['status'], lines: ['id', 'startedAt'] };
    expect(cardLayout(['botName', 'agentName', 'status'], card)).toEqual(card);
  });
});
