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

export const ShellLayout = ({ children }: { children: ReactNode }) => (
  <UnsavedChangesProvider>
    <ShellEffects />
    <Layout appBar={Header} menu={SideMenu}>
      {children}
    </Layout>
  </UnsavedChangesProvider>
);
