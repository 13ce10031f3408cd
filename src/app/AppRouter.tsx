import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { setNavigator } from './navigation';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * Created on first use, not on import: a router made while the routerless home page is shown
 * would listen to history too early and miss the first navigation.
 */
export function getAppRouter(): ReturnType<typeof createAppRouter> {
  if (!router) {
    const created = createAppRouter();
    setNavigator((to) => void created.navigate(to));
    router = created;
  }
  return router;
}

export const AppRouter = () => <RouterProvider router={getAppRouter()} />;
