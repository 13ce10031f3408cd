import { useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { useSessionUser } from '../session/useSession';
import { AVAILABLE_PATHS } from './availablePaths';
import { SidebarNav } from './SidebarNav';

/** react-admin's `menu`: the session user's sidebar, guarded by the unsaved-changes dialog. */
export const SideMenu = () => {
  const user = useSessionUser();
  const [open] = useSidebarState();
  const { pathname } = useLocation();
  const { dirty, requestNavigation } = useUnsavedChanges();
  if (!user) return null;
  return (
    <SidebarNav
      user={user}
      available={AVAILABLE_PATHS}
      open={open}
      currentPath={pathname}
      onNavigate={(path) => {
        if (!dirty) return true;
        requestNavigation(path);
        return false;
      }}
    />
  );
};
