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

/** The shell's code, with the opened page's screens, when the address is the control room's. */
const loadShellAt = async (path: string): Promise<unknown> =>
  path === '/controlroom' || path.startsWith('/controlroom/')
    ? (await import('./app/lazyPages')).controlRoom.preload().catch(() => undefined)
    : undefined;

async function startRouter(root: Root, to?: string): Promise<void> {
  // Every page past the home page uses the whole catalogue, and a control room page its shell: the
  // first render waits for them, so that it renders the page rather than a spinner.
  const [{ AppRouter, getAppRouter }] = await Promise.all([
    loadRouter(),
    prepareTranslations('full'),
    loadShellAt(to ?? window.location.pathname),
  ]);
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
    // The router, the catalogue and (on a control room address) the shell with the opened page's
    // screens, all asked for at once; the build's preload script has started their downloads.
    void startRouter(root);
  }
}
