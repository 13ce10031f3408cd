import { getSessionUser, isFirstLogin } from '../authProvider/session';
import { dataProvider } from '../dataProvider/dataProvider';
import { firstPageSettled, prefetchFirstPage } from '../dataProvider/firstPage';
import { shellResources } from '../resources/lazy';
import { firstPageAt } from '../resources/schema/firstPage';
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
  Promise.all([preloadScreensAt(shellResources, pathname), preloadPageAt(pathname), firstPageSettled(200)]).catch(
    () => undefined,
  );

/**
 * On a full load of a list's address, its first page is asked for now, beside the screens' code
 * (src/dataProvider/firstPage.ts): only for a signed-in user past their first login, who may open it.
 */
export function prefetchFirstList(location: { pathname: string; search: string }): void {
  const user = getSessionUser();
  if (!user || isFirstLogin()) return;
  const request = firstPageAt(shellResources, user, location, (key) => window.localStorage.getItem(key));
  if (request) prefetchFirstPage(request, dataProvider.getList);
}

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
