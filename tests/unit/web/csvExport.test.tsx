import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { ROLE } from '../../../src/domain';
import { audit } from '../../../src/domain/declarations';
import { csvCell, toCsv } from '../../../src/resources/schema/csv';
import { server, withFakeApi } from './helpers/msw';
import { withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';
import { list, renderShell, seen, type Seen } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());

const entry = (i: number) => ({
  id: `a${i}`,
  actorEmail: 'root@rpa.local',
  actorRole: 'Super Admin',
  action: 'delete',
  resource: 'users',
  recordId: `u-${i}`,
  createdAt: '2026-01-01T10:00:00.000Z',
});

describe('CSV export', () => {
  it('writes the list columns, quotes what needs it and defuses formulas', () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(['a', 'b'])).toBe('"a, b"');
    expect(toCsv(audit, [entry(1)]).split('\r\n')).toEqual([
      'actorEmail,actorRole,action,resource,recordId,createdAt',
      'root@rpa.local,Super Admin,delete,users,u-1,2026-01-01T10:00:00.000Z',
    ]);
  });

  it('the Audit Log exports the filtered entries, read 100 at a time', { timeout: 30_000 }, async () => {
    storeSession(makeUser({ id: 'u-9', role: ROLE.superAdmin, companyId: null, companyName: null }));
    const requests: Seen[] = [];
    server.use(
      http.get('*/api/audit/all', async ({ request }) => {
        const s = await seen(request);
        requests.push(s);
        const size = s.query.limit === '100' ? (s.query.page === '1' ? 100 : 20) : 10;
        return list(
          Array.from({ length: size }, (_, i) => entry(i)),
          120,
        );
      }),
      http.get('*/api/user/all', () => list([])),
    );
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'),
      revokeObjectURL: () => undefined,
    });
    await renderShell('/controlroom/audit');
    await screen.findAllByText('root@rpa.local', {}, { timeout: 5000 });
    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Action' }));
    await u.click(await screen.findByRole('option', { name: 'Delete' }));
    await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ action: 'delete' }), { timeout: 4000 });
    await u.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1), { timeout: 4000 });
    const exports = requests.filter((r) => r.query.limit === '100');
    expect(exports.map((r) => r.query.page)).toEqual(['1', '2']);
    expect(exports[0].query).toMatchObject({ action: 'delete', sort: 'createdAt', order: 'DESC' });
    expect((await blobs[0].text()).split('\r\n')).toHaveLength(121);
  });
});
