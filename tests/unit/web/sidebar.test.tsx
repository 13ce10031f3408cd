import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider, createTheme } from '@mui/material';
import { MENU, ROLE, type MenuNode, type RoleName } from '../../../src/domain';
import { SidebarNav } from '../../../src/custom/layout/SidebarNav';
import { SideMenu } from '../../../src/custom/layout/SideMenu';
import { UnsavedChangesProvider } from '../../../src/custom/unsaved/UnsavedChangesProvider';
import { useUnsavedForm } from '../../../src/custom/unsaved/useUnsavedForm';
import { withDomCleanup } from './helpers/dom';
import { makeUser, storeSession } from './helpers/session';

withDomCleanup();
beforeEach(() => localStorage.clear());

const allPaths = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.path ? [n.path] : allPaths(n.children ?? [])));
const EVERY_PATH = new Set(allPaths(MENU));

function renderNav(role: RoleName, enabledEmailSchedule = false, available: ReadonlySet<string> = EVERY_PATH) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SidebarNav
            user={{ role, enabledEmailSchedule }}
            available={available}
            open
            currentPath="/controlroom"
            onNavigate={() => true}
          />
        ),
      },
    ],
    { initialEntries: ['/controlroom'] },
  );
  render(<RouterProvider router={router} />);
  return within(screen.getByRole('navigation', { name: 'Sidebar' }));
}

describe('sidebar role rules, with every screen available', () => {
  it('Super Admin and Sub Admin see Companies', () => {
    for (const role of [ROLE.superAdmin, ROLE.subAdmin]) {
      const nav = renderNav(role);
      expect(nav.getByRole('button', { name: 'Manage Users' })).toBeInTheDocument();
      expect(nav.getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/controlroom/company/view');
      expect(nav.getByRole('link', { name: 'Email Configurations' })).toBeInTheDocument();
      cleanup();
    }
  });

  it('Customer Admin manages users and groups but not companies', () => {
    const nav = renderNav(ROLE.customerAdmin);
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/controlroom/user/view');
    expect(nav.getByRole('link', { name: 'Groups' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Companies' })).toBeNull();
  });

  it('the plain User has no Manage Users menu', () => {
    const nav = renderNav(ROLE.user);
    expect(nav.queryByRole('button', { name: 'Manage Users' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Groups' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Current Status' })).toBeInTheDocument();
  });

  it('Scheduling lists Scheduled Plans, Scheduled History and Non-working days, in this order, for every role', () => {
    for (const role of [ROLE.superAdmin, ROLE.subAdmin, ROLE.customerAdmin, ROLE.user]) {
      const nav = renderNav(role);
      const plans = nav.getByRole('link', { name: 'Scheduled Plans' });
      const history = nav.getByRole('link', { name: 'Scheduled History' });
      const days = nav.getByRole('link', { name: 'Non-working days' });
      expect(plans).toHaveAttribute('href', '/controlroom/process/schedule/all');
      expect(history).toHaveAttribute('href', '/controlroom/process/schedule/history');
      expect(days).toHaveAttribute('href', '/controlroom/nonWorkingDays');
      const order = nav.getAllByRole('link').filter((link) => [plans, history, days].includes(link));
      expect(order).toEqual([plans, history, days]);
      cleanup();
    }
  });

  it('Email Configurations only for Super/Sub Admin or users with enabledEmailSchedule', () => {
    expect(renderNav(ROLE.user, false).queryByRole('link', { name: 'Email Configurations' })).toBeNull();
    cleanup();
    expect(renderNav(ROLE.user, true).getByRole('link', { name: 'Email Configurations' })).toBeInTheDocument();
    cleanup();
    expect(renderNav(ROLE.customerAdmin, false).queryByRole('link', { name: 'Email Configurations' })).toBeNull();
  });

  it('shows only the screens of this build: Dashboard and User Profile → User Details', () => {
    const nav = renderNav(ROLE.superAdmin, false, new Set(['/controlroom', '/controlroom/profile/userdetails']));
    expect(nav.getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'User Details']);
    expect(nav.getByRole('button', { name: 'User Profile' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});

const DirtyForm = () => {
  useUnsavedForm(true);
  const { pathname } = useLocation();
  return <p>at {pathname}</p>;
};

describe('unsaved changes', () => {
  it('a sidebar click with unsaved changes asks "Discard changes?" first', async () => {
    storeSession(makeUser());
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <ThemeProvider theme={createTheme()}>
              <UnsavedChangesProvider>
                <SideMenu />
                <DirtyForm />
              </UnsavedChangesProvider>
            </ThemeProvider>
          ),
        },
      ],
      { initialEntries: ['/controlroom/profile/userdetails'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(router.state.location.pathname).toBe('/controlroom/profile/userdetails');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/controlroom/profile/userdetails');

    // The page behind the dialog is aria-hidden until the dialog's exit transition ends.
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    expect(router.state.location.pathname).toBe('/controlroom');
  });

  it('a dirty form makes closing the tab ask for confirmation', () => {
    storeSession(makeUser());
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <UnsavedChangesProvider>
            <DirtyForm />
          </UnsavedChangesProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
