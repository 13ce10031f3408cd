import { shellResources } from '../resources/lazy';
import { preloadAllScreens, preloadScreensAt } from '../resources/schema/routes';
import { preloadPageAt, preloadPages } from './pages';

/**
 * How long after the first screen the other screens start downloading: past a cold load's
 * first data and paint, which their evaluation would otherwise slow down.
 */
const REST_AFTER_MS = 3000;

/**
 * Downloads the screens of the shell's page at `pathname` (a resource's or a bespoke one); settles
 * when they are there, so the shell's first render shows the page without a spinner between. A
 * failed download settles too: the route then shows the failure itself.
 */
export const preloadFirstScreen = (pathname: string): Promise<unknown> =>
  Promise.all([preloadScreensAt(shellResources, pathname), preloadPageAt(pathname)]).catch(() => undefined);

/**
 * Then every other screen, when the browser is idle, so moving between pages later shows no
 * spinner (as when all screens were in the shell's chunk).
 */
export function preloadRestWhenIdle(): void {
  const all = () => void Promise.all([preloadAllScreens(shellResources), preloadPages()]).catch(() => undefined);
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(all);
    else all();
  }, REST_AFTER_MS);
}
