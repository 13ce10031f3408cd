import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { prepareTranslations } from '../i18n/catalogues';
import { dropExpiredSession } from './authProvider/session';
import { HomePage } from './custom/home/HomePage';
import { Toaster } from './custom/toast/Toaster';
import { setNavigator } from './app/navigation';
import './custom/theme/motion.css';

// A stored token already expired on load means logged out.
dropExpiredSession();

const loadRouter = () => import('./app/AppRouter');

async function startRouter(root: Root, to?: string): Promise<void> {
  // Every page past the home page uses the whole catalogue: its first render waits for it.
  const [{ AppRouter, getAppRouter }] = await Promise.all([loadRouter(), prepareTranslations('full')]);
  // Navigate first, so the routerless home page is replaced by the target, not by itself.
  if (to) await getAppRouter().navigate(to);
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  if (window.location.pathname === '/') {
    // The home page needs no router: it paints at once; the router loads on idle and takes over on the first
    // navigation.
    setNavigator((to) => void startRouter(root, to));
    // English is in the entry; another language's home texts are downloaded before the first paint.
    void prepareTranslations('home').then(() =>
      root.render(
        <StrictMode>
          <HomePage />
          <Toaster />
        </StrictMode>,
      ),
    );
    const prefetch = () => void loadRouter();
    if ('requestIdleCallback' in window) window.requestIdleCallback(prefetch);
    else setTimeout(prefetch, 1500);
  } else {
    // The router's chunk first: it renders the page. The control room's shell is a chunk the
    // router asks for only once it runs: on a control room address it is asked for now, beside the
    // router, so that its download and compilation (off the main thread) overlap the router's start
    // instead of following it; before it, the small route table that asks for the opened page's
    // own screens. The order is the order of the downloads (a few at a time per host).
    void startRouter(root);
    if (window.location.pathname.startsWith('/controlroom')) {
      const { pathname } = window.location;
      void import('./shell/preload').then((preload) => preload.preloadFirstScreen(pathname));
      void import('./shell/ControlRoom');
    }
  }
}
