import { shellResources } from '../../../../src/resources/lazy';
import { preloadAllScreens } from '../../../../src/resources/schema/routes';
import { preloadPages } from '../../../../src/shell/pages';

/*
 * The shell downloads each page's screens with its route, then the others on idle. A test file
 * loads them all here, while it is collected: loading the modules is slow on a busy machine and
 * would otherwise count against a test's time limit; the screens then render at once, as in the
 * app once its idle download is done.
 */
await Promise.all([preloadAllScreens(shellResources), preloadPages()]);
