import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { ROLE } from '../../../src/domain';
import { server, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';
import { list, renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const BOT_ID = 'dad2a12a-5064-4cf8-8662-0123456789ab';
const GONE_ID = '0f0f0f0f-5064-4cf8-8662-0123456789ab';
const ENTRIES = [
  {
    id: 'a1',
    actorId: 'u-1',
    actorName: 'Carla Acme',
    actorEmail: 'carla@acme.test',
    actorRole: 'Customer Admin',
    action: 'update',
    resource: 'bots',
    recordId: BOT_ID,
    recordName: 'Invoice Reader',
    createdAt: '2026-01-01T10:00:00.000Z',
  },
  {
    id: 'a2',
    actorId: 'ag-1',
    actorName: null,
    actorEmail: 'agent@acme.test',
    actorRole: 'agent',
    action: 'delete',
    resource: 'bots',
    recordId: GONE_ID,
    recordName: null,
    createdAt: '2026-01-01T09:00:00.000Z',
  },
];

describe('Audit Log names', { timeout: 30_000 }, () => {
  it('shows the record and the actor by name, with the id and the e-mail on hover; a deleted record by its id', async () => {
    storeSession(makeUser({ id: 'u-9', role: ROLE.superAdmin, companyId: null, companyName: null }));
    server.use(
      http.get('*/api/audit/all', () => list(ENTRIES)),
      http.get('*/api/user/all', () => list([])),
    );
    await renderShell('/controlroom/audit');
    const named = await rowOf('Invoice Reader', 10_000);
    expect(within(named).getByText('Invoice Reader')).toHaveAttribute('title', BOT_ID);
    expect(within(named).queryByText(BOT_ID)).not.toBeInTheDocument();
    expect(within(named).getByText('Carla Acme')).toHaveAttribute('title', 'carla@acme.test');
    const gone = await rowOf(GONE_ID);
    expect(within(gone).getByText('agent@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actor' })).toBeInTheDocument();
  });
});
