import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { MENU, ROLE, buildMenu, menuEntriesOf, scopeOf, type MenuNode, type RoleName } from '../../../src/domain';
import { DECLARATIONS, registrationTokens } from '../../../src/domain/declarations';
import type { ResourceDef } from '../../../src/domain/resource';
import { screenPathsOf } from '../../../src/domain/screens';
import { SidebarNav } from '../../../src/custom/layout/SidebarNav';
import { AVAILABLE_PATHS, availablePathsOf } from '../../../src/custom/layout/availablePaths';
import { webResourcesOf } from '../../../src/resources';
import { setLanguage } from '../../../i18n/language';
import { withDomCleanup } from './helpers/dom';

withDomCleanup();
beforeEach(() => localStorage.clear());

function renderNav(role: RoleName, nodes: readonly MenuNode[] = MENU, available = AVAILABLE_PATHS) {
  const element = (
    <SidebarNav
      user={{ role, enabledEmailSchedule: false }}
      available={available}
      nodes={nodes}
      open
      currentPath="/controlroom"
      onNavigate={() => true}
    />
  );
  render(
    <RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/controlroom'] })} />,
  );
  return within(screen.getByRole('navigation', { name: 'Sidebar' }));
}

const hrefs = (nav: ReturnType<typeof renderNav>) =>
  nav.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');

/** The registry's sidebar entries: the screen each opens and the action that screen needs. */
const ENTRIES = DECLARATIONS.flatMap((def: ResourceDef) => {
  return menuEntriesOf(def).map((entry) => ({
    def,
    section: entry.section,
    path: screenPathsOf(def)[entry.path ?? 'list'],
    action: entry.path === 'create' ? ('create' as const) : ('list' as const),
  }));
});

describe('the sidebar of this build, by role', () => {
  it.each(Object.values(ROLE))('%s: every declared entry whose screen the role may open, and no other', (role) => {
    const shown = hrefs(renderNav(role));
    expect(shown[0]).toBe('/controlroom');
    for (const { def, section, path, action } of ENTRIES) {
      // Manage Users is the admins' group: the plain User lists their own groups from elsewhere.
      const may = scopeOf(role, action, def) !== 'none' && (section !== 'manageUsers' || role !== ROLE.user);
      expect(shown.includes(path), `${def.name} ${path}`).toBe(may);
    }
  });

  it('a plain User never sees Manage Users; Companies only Super and Sub Admin', () => {
    expect(renderNav(ROLE.user).queryByRole('button', { name: 'Manage Users' })).toBeNull();
    cleanup();
    for (const role of Object.values(ROLE)) {
      const platform = role === ROLE.superAdmin || role === ROLE.subAdmin;
      expect(!!renderNav(role).queryByRole('link', { name: 'Companies' }), role).toBe(platform);
      cleanup();
    }
  });
});

describe('a declared resource with nothing but its declaration', () => {
  // A registry resource given a sidebar entry without a label key or an icon of its own.
  const tokens: ResourceDef = { ...registrationTokens, menu: { section: 'manageUsers', order: 35 } };
  const declarations = [...DECLARATIONS.filter((def) => def.name !== tokens.name), tokens];

  it('gets the schema screens, its list page is available, and its entry reads its plural name', () => {
    const resources = webResourcesOf(declarations, []);
    expect(resources.map((r) => r.def.name)).toEqual(declarations.map((def) => def.name));
    const available = availablePathsOf(resources);
    expect(available.has('/controlroom/registrationTokens')).toBe(true);
    const nav = renderNav(ROLE.customerAdmin, buildMenu(declarations), available);
    const link = nav.getByRole('link', { name: 'Registration Tokens' });
    expect(link).toHaveAttribute('href', '/controlroom/registrationTokens');
    // The default icon, since the entry names none; at its order in its group.
    expect(within(link).getByTestId('TableRowsIcon')).toBeInTheDocument();
    const group = document.getElementById('sidebar-group-manageUsers');
    expect(
      within(group ?? document.body)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Users', 'Groups', 'Registration Tokens']);
    cleanup();
    setLanguage('fr');
    const french = renderNav(ROLE.customerAdmin, buildMenu(declarations), available);
    expect(french.getByRole('link', { name: "Jetons d'enregistrement" })).toBeInTheDocument();
  });

  it('screens for a resource the registry does not declare are refused', () => {
    expect(() => webResourcesOf([], [{ def: registrationTokens }])).toThrow('registrationTokens');
  });
});
