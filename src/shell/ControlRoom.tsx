import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { createI18nProvider } from '../../i18n';
import { authProvider } from '../authProvider/authProvider';
import { dataProvider } from '../dataProvider/dataProvider';
import { seedFirstPage } from '../dataProvider/firstPage';
import { registerEndpoints } from '../dataProvider/endpoints';
import { Spinner } from '../app/Spinner';
import { ShellLayout } from '../custom/layout/ShellLayout';
import { ShellToasts } from '../custom/toast/ShellToasts';
import { shellResources } from '../resources/lazy';
import { schemaResourceElements, schemaRoutes } from '../resources/schema/routes';
import type { ShellResource } from '../resources/schema/types';
import { LazyDashboard, LazyHistoryLogs, LazyShellResetPasswordPage, LazyUserDetails } from './pages';
import { RequireRoute } from './RequireRoute';
import { SessionGuard } from './SessionGuard';
import { shellTheme } from './theme';

const ShellLoading = () => <Spinner />;
/** Unknown /controlroom paths join the top-level rule: every other path → /notfound. */
const CatchAll = () => <Navigate to="/notfound" replace />;

/**
 * /controlroom/*: the react-admin shell, mounted inside the app's data router. `resources` are
 * the schema-driven ones, each one's screens downloaded with its route (a test passes its own).
 */
export const ControlRoom = ({ resources = shellResources }: { resources?: readonly ShellResource[] }) => {
  // Per mount, not per module: a new sign-in in the same page starts from the stored language.
  const [i18nProvider] = useState(createI18nProvider);
  const [store] = useState(() => localStorageStore());
  // A list's first page asked for with the shell's code, when it is there, is in the cache of the
  // first render: the list shows its rows in that render.
  const [queryClient] = useState(() => {
    const client = new QueryClient();
    seedFirstPage(client);
    return client;
  });
  // The dataProvider knows the registry's API paths; a resource declared elsewhere (a test's) is
  // taught them here, once, before its screens ask for data.
  useState(() => resources.forEach((resource) => registerEndpoints(resource.def)));
  return (
    <SessionGuard>
      <Admin
        basename="/controlroom"
        title="RPA Control Room"
        authProvider={authProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
        i18nProvider={i18nProvider}
        store={store}
        theme={shellTheme}
        layout={ShellLayout}
        dashboard={LazyDashboard}
        // The app's one toaster shows react-admin's notifications too: one style, one at a time.
        notification={ShellToasts}
        loading={ShellLoading}
        catchAll={CatchAll}
        loginPage={false}
        // No requireAuth: SessionGuard above already holds the rule (no token or an expired one → '/')
        // from the local session, at once; react-admin's asynchronous checkAuth would only delay the
        // layout by a render.
        disableTelemetry
      >
        {schemaResourceElements(resources)}
        {/* react-admin reads each role's list through `roles` (GET /role/all). */}
        <Resource name="roles" recordRepresentation="name" />
        <CustomRoutes>
          {schemaRoutes(resources)}
          <Route
            path="/profile/userdetails"
            element={
              <RequireRoute>
                <LazyUserDetails />
              </RequireRoute>
            }
          />
          <Route
            path="/process/logs"
            element={
              <RequireRoute>
                <LazyHistoryLogs />
              </RequireRoute>
            }
          />
          <Route path="/account/reset-password" element={<LazyShellResetPasswordPage />} />
        </CustomRoutes>
      </Admin>
    </SessionGuard>
  );
};
