import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { MENU, ROLE, type MenuNode } from '../../../src/domain';
import { SidebarNav, activePathOf } from '../../../src/custom/layout/SidebarNav';
import { setLanguage } from '../../../i18n/language';
import { withDomCleanup } from './helpers/dom';

withDomCleanup();
beforeEach(() => localStorage.clear());

const allPaths = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.path ? [n.path] : allPaths(n.children ?? [])));
const EVERY_PATH = new Set(allPaths(MENU));

/** The Super Admin's sidebar (every screen built), expanded, at `currentPath`. */
function renderNav(currentPath: string) {
  const element = (
    <SidebarNav
      user={{ role: ROLE.superAdmin, enabledEmailSchedule: true }}
      available={EVERY_PATH}
      open
      currentPath={currentPath}
      onNavigate={() => true}
    />
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: [currentPath] })} />);
  return within(screen.getByRole('navigation', { name: 'Sidebar' }));
}

/** The names of the links marked as the current page. */
const currentLinks = (nav: ReturnType<typeof renderNav>) =>
  nav
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the sidebar marks one item, the most specific match of the address', () => {
  it.each([
    ['/controlroom/bots/create', 'Create Bots'],
    ['/controlroom/bots/view', 'View Bots'],
    ['/controlroom/bots/details/b-1', 'View Bots'],
    ['/controlroom/company/register', 'Companies'],
    ['/controlroom', 'Dashboard'],
  ])('%s → only %s', (path, name) => {
    expect(currentLinks(renderNav(path))).toEqual([name]);
  });

  it('nothing for an address no item stands for', () => {
    expect(currentLinks(renderNav('/controlroom/account/reset-password'))).toEqual([]);
  });

  it('prefers an exact path to a section that contains it', () => {
    expect(activePathOf(['/controlroom/bots/view', '/controlroom/bots/create'], '/controlroom/bots/create')).toBe(
      '/controlroom/bots/create',
    );
    expect(activePathOf(['/controlroom/bots/create', '/controlroom/bots/view'], '/controlroom/bots/create')).toBe(
      '/controlroom/bots/create',
    );
    expect(activePathOf(['/controlroom', '/controlroom/bots/view'], '/controlroom/bots/details/x')).toBe(
      '/controlroom/bots/view',
    );
  });
});

describe('the sidebar labels are never cut', () => {
  it('in French too: every label wraps rather than ending in an ellipsis, its full text shown', () => {
    setLanguage('fr');
    const nav = renderNav('/controlroom');
    const labels = nav.getAllByText(/./, { selector: '.MuiListItemText-primary' });
    expect(labels.map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['Créer des robots', 'Gérer les utilisateurs', "Détails de l'utilisateur"]),
    );
    for (const label of labels) {
      const style = getComputedStyle(label);
      expect(label).not.toHaveClass('MuiTypography-noWrap');
      expect(style.textOverflow, label.textContent ?? '').not.toBe('ellipsis');
      expect(style.whiteSpace, label.textContent ?? '').toBe('normal');
    }
  });
});
