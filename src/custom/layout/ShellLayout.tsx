import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { useRealtime } from '../realtime/useRealtime';
import { UnsavedChangesProvider } from '../unsaved/UnsavedChangesProvider';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useAutoCollapse } from './useAutoCollapse';
import { useInactivityLogout } from './useInactivityLogout';

/** Session-wide behaviour that needs react-admin's contexts. */
const ShellEffects = () => {
  useAutoCollapse();
  useRealtime();
  useInactivityLogout();
  return null;
};

/**
 * The page is never wider than the window: react-admin's layout grows to fit its widest
 * content (a table), which scrolls the whole page sideways; here the content shrinks to the
 * room beside the sidebar and a wide table scrolls in its own card.
 */
const fitWidth = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } };

export const ShellLayout = ({ children }: { children: ReactNode }) => (
  <UnsavedChangesProvider>
    <ShellEffects />
    <Layout appBar={Header} menu={SideMenu} sx={fitWidth}>
      {children}
    </Layout>
  </UnsavedChangesProvider>
);
