import { pathsOf } from '../../resources/schema/paths';
import type { ShellResource } from '../../resources/schema/types';
import { shellResources } from '../../resources/lazy';

/** The shell's pages that are no resource's screens (src/shell/ControlRoom.tsx routes them). */
const BESPOKE_PAGES = ['/controlroom', '/controlroom/profile/userdetails', '/controlroom/process/logs'];

/** The list and create pages the shell routes for these resources. */
export function availablePathsOf(resources: readonly ShellResource[]): ReadonlySet<string> {
  const pages = resources
    .filter((resource) => resource.routes !== false)
    .flatMap((resource) => {
      const { list, create } = pathsOf(resource.def);
      return resource.createPage === false ? [list] : [list, create];
    });
  return new Set([...BESPOKE_PAGES, ...pages]);
}

/**
 * Sidebar paths whose screens exist in this build: the sidebar only links to these, so a
 * feature that has not landed yet (scheduling) never shows a placeholder. Every registered
 * resource's pages are in it; bespoke pages are listed above.
 */
export const AVAILABLE_PATHS: ReadonlySet<string> = availablePathsOf(shellResources);
